import { describe, expect, it } from '@jest/globals';
import { emailFromToken } from './own-email';

const b64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('emailFromToken', () => {
  it('reads the email from the payload, including non-ASCII names beside it', () => {
    expect(emailFromToken(`${b64url({ alg: 'HS256' })}.${b64url({ email: 'facilities@northwind.test', name: 'Zoë' })}.sig`)).toBe(
      'facilities@northwind.test',
    );
  });
  it('gives null for a missing, malformed or email-less token', () => {
    expect(emailFromToken(null)).toBeNull();
    expect(emailFromToken('garbage')).toBeNull();
    expect(emailFromToken('a.%%%.c')).toBeNull();
    expect(emailFromToken(`x.${b64url({ name: 'n' })}.y`)).toBeNull();
  });
});
