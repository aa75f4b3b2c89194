import { describe, expect, it } from '@jest/globals';
import { cognitoErrorCode, loginFailureMessage, registrationFailureMessage, resetFailureMessage, TOO_MANY_ATTEMPTS } from './cognito-errors';
import { authStrings } from './strings';

// What amazon-cognito-identity-js hands to onFailure: an Error with Cognito's code and message.
const cognito = (code: string, message = 'x') => Object.assign(new Error(message), { code, name: code });

describe('cognitoErrorCode', () => {
  it('reads the code, or an exception name, or nothing', () => {
    expect(cognitoErrorCode(cognito('CodeMismatchException'))).toBe('CodeMismatchException');
    expect(cognitoErrorCode(Object.assign(new Error('x'), { name: 'ExpiredCodeException' }))).toBe('ExpiredCodeException');
    expect(cognitoErrorCode(new TypeError('Failed to fetch'))).toBe('');
    expect(cognitoErrorCode('text')).toBe('');
  });
});

describe('reset password', () => {
  it.each(['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException', 'NotAuthorizedException', 'InvalidParameterException'])(
    '%s is the spec message for a wrong email or code',
    (code) => expect(resetFailureMessage(cognito(code))).toBe('Invalid email or reset code. Please try again.'),
  );
  it("Cognito's password policy refusing the new password is the spec's password rule", () => {
    expect(resetFailureMessage(cognito('InvalidPasswordException'))).toBe(authStrings.reset.rule);
  });
  it('an attempt limit says so', () => {
    expect(resetFailureMessage(cognito('LimitExceededException'))).toBe(TOO_MANY_ATTEMPTS);
  });
  it('a network failure is the generic message', () => {
    expect(resetFailureMessage(new TypeError('Failed to fetch'))).toBe(authStrings.reset.failed);
  });
});

describe('registration', () => {
  it.each([
    ['a wrong temporary password on AWS', 'NotAuthorizedException', 'Incorrect username or password.'],
    ['a wrong temporary password locally', 'InvalidPasswordException', 'Invalid password'],
    ['an expired temporary password', 'NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'],
    ['an unknown email', 'UserNotFoundException', 'User does not exist.'],
  ])('at sign-in, %s is the spec message', (_label, code, message) => {
    expect(registrationFailureMessage('signIn', cognito(code, message))).toBe('Invalid email or temporary password. Please try again.');
  });
  it('an account that already has its password (no challenge) is the spec message', () => {
    expect(registrationFailureMessage('signIn', null)).toBe(authStrings.registration.failed);
  });
  it("at the challenge, Cognito's password policy is the registration screen's rule", () => {
    expect(registrationFailureMessage('newPassword', cognito('InvalidPasswordException'))).toBe(
      'Password must be at least 5 characters long and contain a combination of at least 3 of the following: lowercase letters, uppercase letters, numbers or symbols.',
    );
  });
  it('at the challenge, an expired session is the spec message', () => {
    expect(registrationFailureMessage('newPassword', cognito('NotAuthorizedException', 'Invalid session for the user, session is expired.'))).toBe(
      authStrings.registration.failed,
    );
  });
  it('an attempt limit says so', () => {
    expect(registrationFailureMessage('signIn', cognito('TooManyRequestsException'))).toBe(TOO_MANY_ATTEMPTS);
  });
});

describe('log in', () => {
  it('every refusal is the one spec message', () => expect(loginFailureMessage()).toBe('Invalid email or password'));
});
