import { handler } from '../../lambdas/config/get-config.js';
import { apiEvent, json } from './support/events.js';

describe('GET /api/config', () => {
  it('answers the stage settings to anyone', async () => {
    process.env.STAFF_DOMAINS = 'example-hvac.com, Example-Services.com';
    const r = await handler(apiEvent({ route: 'GET /api/config' }));
    expect(r.statusCode).toBe(200);
    expect(json(r).staffDomains).toEqual(['example-hvac.com', 'example-services.com']);
  });
});
