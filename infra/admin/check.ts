/**
 * `admin check`: finds where the stores disagree with each other (after a restore, an incident, a
 * half-done write) and, with --fix, repairs each finding with one conditional write and an audit
 * event. Without --fix nothing is written.
 *
 * What is compared (docs/operating.md "Consistency check"):
 * 1. users: Cognito users without a users row (older than the grace period: create-user writes the
 *    pool first, then the row) and users rows without a Cognito user;
 * 2. documents: rows without their object, and objects under documents/ (older than the grace
 *    period: an upload writes the object first) or under uploads/ (older than the bucket's
 *    unconfirmed-upload expiry) without a row;
 * 3. assignments: users rows naming customers or properties that no longer exist;
 * 4. report rows: index items listing items that are gone, or missing items of their dataset;
 * 5. equipment alerts whose device is no longer mapped (customer gone or unmapped, equipment row gone).
 *
 * The finding functions are pure (check-findings.ts); the gathering (check-gather.ts) reads each store page by
 * page and keeps only keys (and, for users, the assignments), so memory grows with the number of
 * users, documents and report-row items of the stage, not with their size. The repairs: check-repair.ts.
 */
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { DEFAULT_GRACE_MINUTES } from './check-findings.js';

export * from './check-findings.js';
export { findInconsistencies, type CheckOptions, type StoreSizes } from './check-gather.js';
export * from './check-repair.js';

export const checkHelp = `Usage: admin check [--stage NAME | --local [--data-dir DIR]] [--fix] [--json] [--grace-minutes N]

Finds where the stores disagree and prints each kind with its count:
  1. Cognito users without a users row (created more than the grace period ago) and users rows
     without a Cognito user
  2. documents rows without their object; objects under documents/ without a row (older than the
     grace period) and under uploads/ older than the unconfirmed-upload expiry (${documentsBucket.unconfirmedUploadExpiryDays} day)
  3. users rows assigned customers or properties that no longer exist
  4. report-row index items listing items that are gone, or not listing items of their dataset
  5. equipment alerts whose customer is gone or unmapped, or whose equipment row is gone
Without --fix nothing is written. --fix repairs each finding with a write conditional on what was
found and an audit event (actor cli): deletes the Cognito user (never a staff account), the users
row, the documents row, the object or the alert state; rewrites the assignments or the index item.
--grace-minutes N: leave Cognito users and document objects younger than N minutes alone (default
${DEFAULT_GRACE_MINUTES}: a create-user or an upload may be mid-way). --json prints the findings as JSON.
Exit code: 0 when nothing is found (or all of it was fixed), 1 otherwise.`;
