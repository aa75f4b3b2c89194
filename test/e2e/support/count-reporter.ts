/**
 * A Playwright reporter for `npm test` (test/run.js): counts the expectations the browser specs
 * ran (each `expect` step, not those inside another, such as a poll's retries) and writes the sum
 * to PORTAL_EXPECT_COUNTS/playwright-expectations.txt, so the summary can show none were lost.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

const inExpect = (step: TestStep): boolean => !!step.parent && (step.parent.category === 'expect' || inExpect(step.parent));

export default class CountReporter implements Reporter {
  private calls = 0;

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep) {
    if (step.category === 'expect' && !inExpect(step)) this.calls += 1;
  }

  onEnd() {
    const dir = process.env.PORTAL_EXPECT_COUNTS;
    if (dir) writeFileSync(path.join(dir, 'playwright-expectations.txt'), `${this.calls}\n`);
  }

  printsToStdio() {
    return false;
  }
}
