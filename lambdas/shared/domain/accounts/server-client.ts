/**
 * What every call of the server app client (lambdas/shared/resources/definitions.ts serverClient)
 * carries besides its own parameters: the client id, SECRET_HASH (the client has a secret, so
 * Cognito refuses a call without it: "Unable to verify secret hash for client …") and the visitor's
 * address as `UserContextData.IpAddress` (the client propagates user context data, so threat
 * protection and the user pool's WAF judge that address, not the function's). The address is the
 * one the middleware trusts (`viewerAddress`: CloudFront's viewer address once the origin check
 * passed, else the connection's). The secret is read from Secrets Manager once per container.
 */
import { createHmac } from 'node:crypto';
import { settings } from '../../platform/env.js';
import { readSecret } from '../../platform/secrets.js';

/**
 * Cognito's SECRET_HASH: Base64(HMAC_SHA256(client secret, username + client id))
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/signing-up-users-in-your-app.html#cognito-user-pools-computing-secret-hash).
 */
export function secretHash(clientSecret: string, username: string, clientId: string): string {
  return createHmac('sha256', clientSecret).update(username + clientId, 'utf8').digest('base64');
}

export interface ServerCall {
  /** The server client's id. */
  ClientId: string;
  /** SECRET_HASH for `username` (AuthParameters.SECRET_HASH, ChallengeResponses.SECRET_HASH or SecretHash). */
  secretHash: string;
  UserContextData: { IpAddress: string };
}

/** The id, SECRET_HASH and user context of a server-client call made for `username` on behalf of the visitor at `address`. */
export async function serverCall(username: string, address: string): Promise<ServerCall> {
  const clientId = settings.serverClientId();
  const secret = await readSecret('signIn');
  return { ClientId: clientId, secretHash: secretHash(secret, username, clientId), UserContextData: { IpAddress: address } };
}
