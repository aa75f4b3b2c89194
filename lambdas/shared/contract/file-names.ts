/**
 * The spec's file-name rule (section 5), in a module of its own: the documents and photo helpers
 * (lambdas/shared/domain/documents/files.ts, domain/requests/photos.ts) check names with it, and
 * through ./documents.ts they brought every documents schema into functions that answer no
 * documents route (issue 42). ./documents.ts exports it as before.
 */

/** Letters, digits, dot, underscore and hyphen. */
export const FILE_NAME_RULE = /^[A-Za-z0-9._-]+$/;
export const isValidFileName = (name: string) => FILE_NAME_RULE.test(name) && name !== '.' && name !== '..' && name.length <= 255;
