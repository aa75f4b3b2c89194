import { describe, expect, it, jest } from '@jest/globals';
import { endOfSession, onSessionEnd } from './session-end';

describe('onSessionEnd / endOfSession', () => {
  it('runs what was registered at each end of a session, until it is withdrawn', () => {
    const clearCache = jest.fn();
    const other = jest.fn();
    const withdraw = onSessionEnd(clearCache);
    onSessionEnd(other);
    endOfSession();
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    withdraw();
    endOfSession();
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('is nothing when nothing was registered yet (signed out before any screen read data)', () => {
    expect(() => endOfSession()).not.toThrow();
  });
});
