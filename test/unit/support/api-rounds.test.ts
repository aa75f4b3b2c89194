/** The count the first-frame spec and the first-visit bench hold: API rounds in a row (issue 42). */
import { apiRounds, roundsBefore } from '../../support/api-rounds.js';

const call = (path: string, start: number, end: number) => ({ path, start, end });

describe('apiRounds', () => {
  it('counts overlapping calls as one round and a call started after another ended as the next', () => {
    expect(apiRounds([]).rounds).toBe(0);
    expect(apiRounds([call('/api/reports', 0, 100), call('/api/users/getproperty/x', 1, 120), call('/api/users/usercustomerbyemail/x', 2, 90)]).rounds).toBe(1);
    const three = [
      call('/api/reports', 0, 100),
      call('/api/users/getproperty/x', 1, 120),
      call('/api/sigma/filtered', 125, 300),
      call('/api/embed/data', 320, 400),
    ];
    const r = apiRounds(three);
    expect(r.rounds).toBe(3);
    expect(r.chain.map((c) => c.path)).toEqual(['/api/reports', '/api/sigma/filtered', '/api/embed/data']);
  });

  it('follows the longest chain, not the order the calls were listed in', () => {
    const calls = [call('/c', 250, 300), call('/a', 0, 100), call('/x', 50, 400), call('/b', 110, 200)];
    expect(apiRounds(calls).chain.map((c) => c.path)).toEqual(['/a', '/b', '/c']);
    // A call starting the moment another ended waited on it.
    expect(apiRounds([call('/a', 0, 100), call('/b', 100, 150)]).rounds).toBe(2);
  });

  it('counts before a frame only the calls answered before it drew: one still open was not waited on', () => {
    const calls = [call('/api/reports', 0, 100), call('/api/sigma/filtered', 110, 200), call('/api/visits', 230, 900), call('/api/embed/data', 210, 260)];
    // The visits started after the filtered call ended but were answered after the frame drew (at 500).
    expect(roundsBefore(calls, 500).chain.map((c) => c.path)).toEqual(['/api/reports', '/api/sigma/filtered', '/api/embed/data']);
    expect(roundsBefore(calls, 250).rounds).toBe(2);
    expect(apiRounds(calls.filter((c) => c.start < 500)).rounds).toBe(3);
  });
});
