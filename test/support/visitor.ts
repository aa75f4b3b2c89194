/** Calls to the local gateway from a chosen loopback address (127.0.0.x), as different visitors. */
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

