/** Names as people write them: one rule for the screens and the mails (lambdas/shared/contract/writing.ts). */
export { titleCase } from '../../../lambdas/shared/contract/writing.js';
