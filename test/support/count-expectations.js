// `npm test` prints how many expectations ran (test/run.js), so that a faster suite can show it
// checks no less: each test file adds the expect() calls of its tests to a file in the folder
// PORTAL_EXPECT_COUNTS names. Without that variable (a jest run by hand) it does nothing.
/* global afterEach, afterAll, expect -- jest gives them to setup files after the environment */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.PORTAL_EXPECT_COUNTS;
if (dir) {
  let calls = 0;
  afterEach(() => {
    calls += expect.getState().assertionCalls;
  });
  afterAll(() => {
    appendFileSync(path.join(dir, 'jest-expectations.txt'), `${calls}\n`);
  });
}
