/** Calls to the local gateway from a chosen loopback address (127.0.0.x), as different visitors, and what the local pool was told of them. */
import { request as httpRequest } from 'node:http';

/** A failed sign-in (each with another unknown email, so only the per-address limit can trip) from `localAddress`. */
export function failedLogin(baseUrl: string, localAddress: string, n: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ email: `visitor-${localAddress}-${n}@customer.test`, password: 'Wrong123' });
  const url = new URL('/api/users/login', baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}


/** A call the local pool received on a client with a secret, with the visitor's address it named (infra/local/cognito-worker.cjs). */
export interface UserContextSeen {
  Target: string;
  ClientId: string;
  Username: string;
  IpAddress: string;
}

/** The user context data the local pool received, the latest last, for one client (LocalListUserContextData, a local-only target). */
export async function userContextsSeen(cognitoUrl: string, clientId: string): Promise<UserContextSeen[]> {
  const res = await fetch(cognitoUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.LocalListUserContextData' },
    body: JSON.stringify({ ClientId: clientId }),
  });
  if (!res.ok) throw new Error(`LocalListUserContextData: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { Calls: UserContextSeen[] }).Calls;
}
