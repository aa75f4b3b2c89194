import { describe, expect, it } from '@jest/globals';
import { parseLoginReply } from '../features/auth/api/login';
import { parsePublicConfig } from './public-config';

describe('parsePublicConfig', () => {
  it('accepts the /api/config answer', () => {
    const answer = { productName: 'P', contactUrl: 'https://x.test', staffDomains: ['a.test'], excludedCustomerDomains: [], extra: 1 };
    expect(parsePublicConfig(answer)).toEqual({ productName: 'P', contactUrl: 'https://x.test', staffDomains: ['a.test'], excludedCustomerDomains: [] });
  });
  it.each([null, {}, { productName: 'P', contactUrl: 'u', staffDomains: 'a.test', excludedCustomerDomains: [] }, { productName: 1, contactUrl: 'u', staffDomains: [], excludedCustomerDomains: [] }])(
    'refuses %j',
    (answer) => expect(() => parsePublicConfig(answer)).toThrow(),
  );
});

describe('parseLoginReply', () => {
  it('gives the token', () => expect(parseLoginReply({ token: 'a.b.c' })).toBe('a.b.c'));
  it.each([null, {}, { token: '' }, { token: 5 }])('refuses %j', (answer) => expect(() => parseLoginReply(answer)).toThrow());
});
