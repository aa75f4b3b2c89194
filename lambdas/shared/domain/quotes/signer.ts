/**
 * Who signs a quote approval (issue 39): the signed-in account, as the users row found by the
 * token's `sub` names it, never a name the client or the user can write (the body, Cognito's
 * attributes). The typed signature must be that account's name, compared without case, accents
 * and extra spaces; the record, the panel and the mails name the account and its email first.
 */
import { quoteMessages, type DecisionBody } from '../../contract/quotes.js';
import { titleCase } from '../../contract/writing.js';
import { badRequest } from '../../platform/http.js';

/** The account as the server records it. */
export interface Signer {
  name: string;
  email: string;
}

/**
 * A name as compared: Unicode NFD with combining marks stripped, lower case, trimmed, runs of
 * whitespace made one space. 'José  Núñez ' and 'jose nunez' are the same name.
 */
export const comparableName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

/** The name an approval is signed with, as the portal writes it: the account's name, or its email when it has none. */
export const signingName = (signer: Signer) => (signer.name.trim() ? titleCase(signer.name.trim().replace(/\s+/g, ' ')) : signer.email);

/** Whether a typed signature is the account's own name. */
export const isOwnName = (typed: string, signer: Signer) => comparableName(typed) !== '' && comparableName(typed) === comparableName(signingName(signer));

/** Refuses (400, naming the account's name) an approval signed with a name that is not the account's. */
export function checkSignature(body: Pick<DecisionBody, 'decision' | 'signature'>, signer: Signer): void {
  if (body.decision !== 'approve' || !body.signature) return;
  if (!isOwnName(body.signature, signer)) throw badRequest(quoteMessages.notOwnSignature(signingName(signer)));
}
