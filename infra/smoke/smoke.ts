/**
 * The smoke test of a deployed (or local) portal, as a customer and a staff member use it: each
 * step named, timed, and the first failure named (`SmokeFailure`). Sign-in goes through Cognito
 * with the flow config.json names (SRP on AWS, USER_PASSWORD_AUTH locally), by the same library
 * the browser uses; the staff account answers its authenticator code. Whatever it uploads it
 * deletes, also when a later step fails.
 */
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { totpCode } from '../local/totp.js';

export interface SmokeAccounts {
  customer: { email: string; password: string };
  staff: { email: string; password: string; totpSecret: string };
}

export class SmokeFailure extends Error {
  constructor(
    readonly step: string,
    detail: string,
  ) {
    super(`smoke: FAILED at "${step}": ${detail}`);
  }
}

interface Config {
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  endpoint?: string;
  signInFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
}

interface Session {
  idToken: string;
  refreshToken: string;
}

/** Signs in as the browser does; answers the authenticator challenge when a secret is given. */
function signIn(config: Config, email: string, password: string, totpSecret?: string): Promise<Session> {
  if (!('global' in globalThis)) Object.assign(globalThis, { global: globalThis });
  const pool = new CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.userPoolClientId, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
  const user = new CognitoUser({ Username: email, Pool: pool });
  user.setAuthenticationFlowType(config.signInFlow);
  const done = (s: CognitoUserSession): Session => ({ idToken: s.getIdToken().getJwtToken(), refreshToken: s.getRefreshToken().getToken() });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (s) => resolve(done(s)),
      onFailure: (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
      newPasswordRequired: () => reject(new Error('the account still has its temporary password')),
      totpRequired: () => {
        if (!totpSecret) return reject(new Error('the account asks for an authenticator code and no secret is known'));
        user.sendMFACode(totpCode(totpSecret), { onSuccess: (s) => resolve(done(s)), onFailure: (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))) }, 'SOFTWARE_TOKEN_MFA');
      },
    }),
  );
}

/** A call of Cognito's public API at the pool's endpoint, as the browser makes it. */
async function cognitoCall(config: Config, action: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(config.endpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

export async function runSmoke(portalUrl: string, accounts: SmokeAccounts, say: (line: string) => void = console.log): Promise<void> {
  const base = portalUrl.replace(/\/$/, '');
  const cleanups: (() => Promise<unknown>)[] = [];
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      const out = await fn();
      say(`ok   ${name} (${Date.now() - started} ms)`);
      return out;
    } catch (e) {
      throw e instanceof SmokeFailure ? e : new SmokeFailure(name, e instanceof Error ? e.message : String(e));
    }
  };
  const call = async (path: string, token: string | null, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  };
  const expectStatus = (r: { status: number; text: string }, status: number, what: string) => {
    if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text.slice(0, 200)}`);
  };

  try {
    const config = await step('config.json served', async () => {
      const r = await call('/config.json', null);
      expectStatus(r, 200, 'GET /config.json');
      const c = r.json as Partial<Config>;
      if (!c.userPoolId || !c.userPoolClientId || !c.signInFlow) throw new Error('config.json lacks the pool, its client or the sign-in flow');
      return c as Config;
    });
    const customer = await step('customer signs in through Cognito', () => signIn(config, accounts.customer.email, accounts.customer.password));
    const profile = await step("customer's properties", async () => {
      const r = await call(`/api/users/getproperty/${encodeURIComponent(accounts.customer.email)}`, customer.idToken);
      expectStatus(r, 200, 'GET /api/users/getproperty');
      const row = (r.json as { BUILDOPS_CUSTOMER_ID: string[]; BUILDOPS_PROPERTY_IDS: string[] }[])[0];
      if (!row?.BUILDOPS_PROPERTY_IDS.length) throw new Error('the smoke customer has no property assigned');
      return row;
    });
    const reports = await step('report list', async () => {
      const r = await call('/api/reports', customer.idToken);
      expectStatus(r, 200, 'GET /api/reports');
      const list = r.json as { id: string; frames: string[] }[];
      if (!list.length || !list[0]!.frames.length) throw new Error('no report with a frame');
      return list;
    });
    await step("one report frame's data", async () => {
      const report = reports[0]!;
      const body = {
        userId: null,
        email: accounts.customer.email,
        _url: report.frames[0],
        properties: profile.BUILDOPS_PROPERTY_IDS,
        customers: profile.BUILDOPS_CUSTOMER_ID,
        selectedReport: report.id,
        userDetails: { email: accounts.customer.email, userId: null },
      };
      const frame = await call('/api/sigma/filtered', customer.idToken, { method: 'POST', body: JSON.stringify(body) });
      expectStatus(frame, 200, 'POST /api/sigma/filtered');
      const url = new URL((frame.json as { url: string }).url, base);
      const token = url.searchParams.get('token');
      if (!token) return; // A Sigma frame: signed for Sigma's own host, not fetched here.
      const data = await call('/api/embed/data', token);
      expectStatus(data, 200, 'GET /api/embed/data');
    });
    await step('telemetry device list', async () => {
      const customerId = profile.BUILDOPS_CUSTOMER_ID[0]!;
      const r = await call(`/api/telemetry/${encodeURIComponent(customerId)}/devices`, customer.idToken);
      // A customer without a telemetry mapping is answered 404 by design; anything else must list.
      if (r.status === 404) return say(`     (customer ${customerId} has no telemetry mapping: 404 as specified)`);
      expectStatus(r, 200, 'GET /api/telemetry/{customerId}/devices');
    });
    await step('an administrator-only call is refused for the customer', async () => {
      expectStatus(await call('/api/users', customer.idToken), 403, 'GET /api/users as the customer');
    });

    const staff = await step('staff member signs in with the authenticator code', () => signIn(config, accounts.staff.email, accounts.staff.password, accounts.staff.totpSecret));
    await step('document round trip (upload, list, download the same bytes, delete)', async () => {
      const propertyId = profile.BUILDOPS_PROPERTY_IDS[0]!;
      const bytes = `smoke test ${new Date().toISOString()}\n`;
      const ask = await call('/api/s3/upload-url', staff.idToken, { method: 'POST', body: JSON.stringify({ propertyId, fileName: `smoke-${Date.now()}.txt`, size: bytes.length }) });
      expectStatus(ask, 200, 'POST /api/s3/upload-url');
      const target = ask.json as { url: string; key: string; fields: Record<string, string> };
      const form = new FormData();
      for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
      form.append('file', new Blob([bytes]), 'smoke.txt');
      const sent = await fetch(target.url, { method: 'POST', body: form });
      if (!sent.ok) throw new Error(`the upload to storage: ${sent.status}`);
      const confirmed = await call('/api/s3/confirm-upload', staff.idToken, { method: 'POST', body: JSON.stringify({ key: target.key, propertyId }) });
      expectStatus(confirmed, 201, 'POST /api/s3/confirm-upload');
      const key = (confirmed.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
      const remove = () => call('/api/s3/deletedocument', staff.idToken, { method: 'POST', body: JSON.stringify({ key, propertyId }) });
      cleanups.push(remove);
      const listed = await call(`/api/s3/getdocumentsbyproperty?propertyId=${encodeURIComponent(propertyId)}`, customer.idToken);
      expectStatus(listed, 200, 'GET /api/s3/getdocumentsbyproperty');
      if (!(listed.json as { DOCUMENT_URL: string }[]).some((d) => d.DOCUMENT_URL === key)) throw new Error('the uploaded document is not listed for the customer');
      const link = await call(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}&download=1`, customer.idToken);
      expectStatus(link, 200, 'GET /api/s3/getpresignedurl');
      const got = await fetch((link.json as { url: string }).url);
      if ((await got.text()) !== bytes) throw new Error('the download is not the uploaded bytes');
      cleanups.pop();
      expectStatus(await remove(), 200, 'POST /api/s3/deletedocument');
    });
    await step('sign-out revokes the refresh token', async () => {
      const revoked = await cognitoCall(config, 'RevokeToken', { Token: customer.refreshToken, ClientId: config.userPoolClientId });
      if (revoked.status !== 200) throw new Error(`RevokeToken answered ${revoked.status}`);
      const again = await cognitoCall(config, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: customer.refreshToken } });
      if (again.status === 200) throw new Error('the revoked refresh token still gives tokens');
      await cognitoCall(config, 'RevokeToken', { Token: staff.refreshToken, ClientId: config.userPoolClientId });
    });
  } finally {
    for (const undo of cleanups) await undo().catch(() => {});
  }
}
