import { describe, expect, it } from '@jest/globals';
import { IDLE_TIMEOUT_MS, PASSWORD_MIN_LENGTH } from '../../config/constants';
import { idleTimings } from './idle-timings';
import { userPool } from '../../../lambdas/shared/resources/definitions';
import { passwordChecks, passwordMeetsRule, setPasswordProblem, STAFF_PASSWORD_MIN_LENGTH } from './password-rules';
import { authStrings } from './strings';

describe('password checklist and rule', () => {
  it('checks lowercase, uppercase, number and the pool\'s 6 characters live', () => {
    expect(passwordChecks('')).toEqual({ lowercase: false, uppercase: false, number: false, length: false });
    expect(passwordChecks('a')).toEqual({ lowercase: true, uppercase: false, number: false, length: false });
    expect(passwordChecks('aB3')).toEqual({ lowercase: true, uppercase: true, number: true, length: false });
    expect(passwordChecks('aB3def')).toEqual({ lowercase: true, uppercase: true, number: true, length: true });
  });

  it('needs the user pool\'s minimum length (6: Cognito allows no less; the spec\'s messages say 5) with all three kinds', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(userPool.passwordPolicy.minLength);
    expect(passwordMeetsRule('aB3de')).toBe(false);
    expect(passwordMeetsRule('aB3def')).toBe(true);
    expect(passwordMeetsRule('abcde1')).toBe(false);
    expect(passwordMeetsRule('ABCDE1')).toBe(false);
    expect(passwordMeetsRule('abcDEF')).toBe(false);
    expect(passwordMeetsRule('abcDE!')).toBe(false);
    expect(authStrings.checklist.length(PASSWORD_MIN_LENGTH)).toBe('6 characters');
  });

  it('reports a mismatch before the rule', () => {
    expect(setPasswordProblem('aB3def', 'aB3deX')).toBe('mismatch');
    expect(setPasswordProblem('ab', 'ab')).toBe('rule');
    expect(setPasswordProblem('aB3de', 'aB3de')).toBe('rule');
    expect(setPasswordProblem('aB3def', 'aB3def')).toBeNull();
  });
});

describe('the staff password rule', () => {
  it('is the length the server and the operator commands hold staff to', () => {
    expect(STAFF_PASSWORD_MIN_LENGTH).toBe(userPool.staffPasswordMinLength);
    expect(STAFF_PASSWORD_MIN_LENGTH).toBe(12);
    expect(authStrings.checklist.length(STAFF_PASSWORD_MIN_LENGTH)).toBe(`${STAFF_PASSWORD_MIN_LENGTH} characters`);
    expect(authStrings.staffRule).toMatch(new RegExp(`^Staff passwords must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long`));
  });

  it('counts 12 characters in the checklist for staff', () => {
    expect(passwordChecks('aB3def', true)).toEqual({ lowercase: true, uppercase: true, number: true, length: false });
    expect(passwordChecks('aB3defghijkl', true).length).toBe(true);
  });

  it('needs 12 characters with all three kinds for staff; customers 6', () => {
    expect(passwordMeetsRule('aB3defghijk', true)).toBe(false);
    expect(passwordMeetsRule('aB3defghijkl', true)).toBe(true);
    expect(passwordMeetsRule('abcdefghijk1', true)).toBe(false);
    expect(passwordMeetsRule('aB3defghijk')).toBe(true);
    expect(setPasswordProblem('aB3def', 'aB3def', true)).toBe('rule');
    expect(setPasswordProblem('aB3defghijkl', 'aB3defghijkl', true)).toBeNull();
    expect(setPasswordProblem('aB3defghijkl', 'aB3defghijkX', true)).toBe('mismatch');
  });
});

describe('idle timings', () => {
  it('uses 10 minutes with the warning at 9', () => {
    expect(idleTimings(null)).toEqual({ timeout: IDLE_TIMEOUT_MS, promptBeforeIdle: 60_000 });
  });

  it('honours a test override only when it is shorter', () => {
    expect(idleTimings('10000')).toEqual({ timeout: 10_000, promptBeforeIdle: 1_000 });
    expect(idleTimings('900000')).toEqual({ timeout: IDLE_TIMEOUT_MS, promptBeforeIdle: 60_000 });
    expect(idleTimings('abc').timeout).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimings('-5').timeout).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimings('10').timeout).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimings('1e4').timeout).toBe(IDLE_TIMEOUT_MS);
  });

  it('takes a warning lead time after a slash when it is shorter than the time-out', () => {
    expect(idleTimings('20000/8000')).toEqual({ timeout: 20_000, promptBeforeIdle: 8_000 });
    expect(idleTimings('20000/30000')).toEqual({ timeout: 20_000, promptBeforeIdle: 2_000 });
    expect(idleTimings('900000/8000')).toEqual({ timeout: IDLE_TIMEOUT_MS, promptBeforeIdle: 60_000 });
  });
});
