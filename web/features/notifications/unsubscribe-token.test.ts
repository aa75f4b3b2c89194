import { describe, expect, it } from '@jest/globals';
import { readUnsubscribeToken } from './unsubscribe-token';

const b64url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (payload: unknown, signature = 'c2lnbmF0dXJl') => `${b64url(JSON.stringify(payload))}.${signature}`;
const valid = { v: 1, p: 'unsubscribe', sub: 'a1b2', t: 'weekly', e: 'jörg@example.test' };

describe('readUnsubscribeToken', () => {
  it('reads the topic and address of a well-formed token (UTF-8 addresses too)', () => {
    expect(readUnsubscribeToken(token(valid))).toEqual({ topic: 'weekly', email: 'jörg@example.test' });
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['no signature', b64url(JSON.stringify(valid))],
    ['an empty signature', `${b64url(JSON.stringify(valid))}.`],
    ['three parts', `${token(valid)}.x`],
    ['a payload that is not base64', '***.c2ln'],
    ['a payload that is not JSON', `${b64url('not json')}.c2ln`],
    ['a payload that is not an object', token('weekly')],
    ['another version', token({ ...valid, v: 2 })],
    ['another purpose', token({ ...valid, p: 'login' })],
    ['an unknown topic', token({ ...valid, t: 'marketing' })],
    ['no address', token({ ...valid, e: '' })],
  ])('gives null for %s', (_, value) => {
    expect(readUnsubscribeToken(value)).toBeNull();
  });
});
