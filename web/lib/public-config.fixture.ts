import type { PublicConfig } from './public-config';

/** For tests: config.json as the local stack serves it (the password flow, the local pool's endpoint). */
export const localPublicConfig: PublicConfig = {
  userPoolId: 'local_3TYvxmIy',
  userPoolClientId: '7ho3exrey3ywlfpocfpbjydsi',
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:45405',
  productName: 'Comfort Portal',
  contactUrl: 'https://example.com/contact',
  staffDomains: ['example-hvac.com'],
  excludedCustomerDomains: [],
  signInFlow: 'USER_PASSWORD_AUTH',
};
