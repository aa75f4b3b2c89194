/**
 * The smoke test of a deployed (or local) portal, as its users use it: each step named, timed, and
 * the first failure named (`SmokeFailure`). Sign-in goes through Cognito with the flow config.json
 * names (SRP on AWS, USER_PASSWORD_AUTH locally), by the same library the browser uses.
 *
 * Two profiles (docs/operating.md "Smoke test"):
 * - `full` (dev, staging, local): a customer and an administrator, who answers its authenticator
 *   code and uploads a document the customer then lists and downloads; deleted again, also when a
 *   later step fails.
 * - `customer` (a stage real people use: prod): the customer of the dedicated smoke property only;
 *   no administrator exists for it. It lists and downloads the reference document set-up placed on
 *   that property, and changes nothing.
 */
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { AlertsReply } from '../../lambdas/shared/contract/answers/alerts.js';
import { notificationMessages, SettingsReply } from '../../lambdas/shared/contract/notifications.js';
import { DevicesReply, telemetryMessages } from '../../lambdas/shared/contract/telemetry.js';
import { totpCode } from '../local/totp.js';

export type SmokeProfile = 'full' | 'customer';

export interface SmokeAccounts {
  /** totpSecret: where the stage holds customers to an authenticator app (mfaForCustomers). */
  customer: { email: string; password: string; totpSecret?: string };
  /** The `full` profile's administrator. */
  staff?: { email: string; password: string; totpSecret: string };
  /** The `customer` profile's reference document: placed on the smoke property at set-up, read back by the customer. */
  document?: { key: string; propertyId: string; text: string };
}

export class SmokeFailure extends Error {
  constructor(
    readonly step: string,
    detail: string,
  ) {
    super(`smoke: FAILED at "${step}": ${detail}`);
  }
}

/** The pool and web client a sign-in goes to, and how (config.json's fields). */
export interface PoolTarget {
  userPoolId: string;
  userPoolClientId: string;
  region?: string;
  endpoint?: string;
  signInFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
}

interface Session {
  idToken: string;
  refreshToken: string;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(typeof e === 'object' && e && 'message' in e ? String((e as { message: unknown }).message) : String(e)));

/**
 * Signs in as the browser does (amazon-cognito-identity-js); answers the authenticator challenge
 * when a secret is given. Gives the library's user, whose session then allows the user's own calls.
 */
export function cognitoSignIn(pool: PoolTarget, email: string, password: string, totpSecret?: string): Promise<{ user: CognitoUser; session: CognitoUserSession }> {
  if (!('global' in globalThis)) Object.assign(globalThis, { global: globalThis });
  const userPool = new CognitoUserPool({ UserPoolId: pool.userPoolId, ClientId: pool.userPoolClientId, ...(pool.endpoint ? { endpoint: pool.endpoint } : {}) });
  const user = new CognitoUser({ Username: email, Pool: userPool });
  user.setAuthenticationFlowType(pool.signInFlow);
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ user, session }),
      onFailure: (e: unknown) => reject(asError(e)),
      newPasswordRequired: () => reject(new Error('the account still has its temporary password')),
      mfaSetup: () => reject(new Error('the pool asks this account to set up an authenticator app first')),
      totpRequired: () => {
        if (!totpSecret) return reject(new Error('the account asks for an authenticator code and no secret is known'));
        user.sendMFACode(totpCode(totpSecret), { onSuccess: (session) => resolve({ user, session }), onFailure: (e: unknown) => reject(asError(e)) }, 'SOFTWARE_TOKEN_MFA');
      },
    }),
  );
}

async function signIn(pool: PoolTarget, email: string, password: string, totpSecret?: string): Promise<Session> {
  const { session } = await cognitoSignIn(pool, email, password, totpSecret);
  return { idToken: session.getIdToken().getJwtToken(), refreshToken: session.getRefreshToken().getToken() };
}

/** A call of Cognito's public API at the pool's endpoint, as the browser makes it. */
async function cognitoCall(pool: PoolTarget, action: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(pool.endpoint ?? `https://cognito-idp.${pool.region ?? pool.userPoolId.split('_')[0]}.amazonaws.com/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

export interface ApiReply {
  status: number;
  json: unknown;
  text: string;
}
/** A call of the portal's API with an ID token (JSON bodies). */
export type ApiCall = (path: string, token: string | null, init?: RequestInit) => Promise<ApiReply>;

/** How long the round trip waits for a new upload's malware scan (GuardDuty takes seconds to a minute or two), and how often it asks. */
const SCAN_WAIT_MS = 180_000;
const SCAN_POLL_MS = 5_000;

function expectStatus(r: ApiReply, status: number, what: string) {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text.slice(0, 200)}`);
}

/**
 * The upload as the web app makes it (web/features/documents/api/upload-document.ts): a presigned
 * POST from POST /api/s3/upload-url, the file sent to storage as a form, then POST
 * /api/s3/confirm-upload, which records it. Gives the document's key. The one place to change when
 * the upload route changes.
 */
export async function uploadDocument(call: ApiCall, token: string, propertyId: string, fileName: string, bytes: string): Promise<string> {
  const ask = await call('/api/s3/upload-url', token, { method: 'POST', body: JSON.stringify({ propertyId, fileName, size: Buffer.byteLength(bytes) }) });
  expectStatus(ask, 200, 'POST /api/s3/upload-url');
  const target = ask.json as { url: string; key: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', new Blob([bytes]), fileName);
  const sent = await fetch(target.url, { method: 'POST', body: form });
  if (!sent.ok) throw new Error(`the upload to storage (POST ${new URL(target.url).origin}): expected 2xx, got ${sent.status}`);
  const confirmed = await call('/api/s3/confirm-upload', token, { method: 'POST', body: JSON.stringify({ key: target.key, propertyId }) });
  expectStatus(confirmed, 201, 'POST /api/s3/confirm-upload');
  return (confirmed.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
}

const customerSteps = ['config.json served', 'customer signs in through Cognito', "customer's properties", 'report list', "one report frame's data"] as const;
const readOnlySteps = [
  'telemetry device list',
  "equipment alerts and the customer's notification settings",
  'an unsubscribe link with a forged signature is refused',
  'an administrator-only call is refused for the customer',
  'sign-out revokes the refresh token',
] as const;
/** The names of each profile's steps, in order. */
export const smokeSteps = {
  full: [
    ...customerSteps,
    'staff member signs in with the authenticator code',
    'document round trip: upload',
    'document round trip: list',
    'document round trip: download',
    'document round trip: delete',
    ...readOnlySteps,
  ],
  customer: [...customerSteps, 'reference document: list', 'reference document: download', ...readOnlySteps],
} as const;
type StepName = (typeof smokeSteps)[SmokeProfile][number];

/** What a profile needs in the secret, and what it must not find there; null when the accounts fit. */
export function accountsMisfit(profile: SmokeProfile, accounts: SmokeAccounts): string | null {
  if (!accounts.customer?.email || !accounts.customer.password) return 'the secret holds no customer account';
  if (profile === 'full') return accounts.staff?.totpSecret ? null : 'the secret holds no staff account with its authenticator key (the full profile signs in as one)';
  if (accounts.staff) return 'the secret holds a staff account: on this stage the smoke test signs in as the smoke customer only (delete the staff user and the secret, and set them up again)';
  return accounts.document ? null : 'the secret names no reference document (set the accounts up again)';
}

/**
 * Runs every step of the profile against the portal at `portalUrl`; throws SmokeFailure at the
 * first that fails (an Error before the first step when the accounts do not fit the profile).
 * `say` gets each step's line as it ends (awaited: a caller may act between steps).
 */
export async function runSmoke(portalUrl: string, accounts: SmokeAccounts, say: (line: string) => void | Promise<void> = console.log, profile: SmokeProfile = 'full'): Promise<void> {
  const misfit = accountsMisfit(profile, accounts);
  if (misfit) throw new Error(`${misfit} (profile ${profile})`);
  const base = portalUrl.replace(/\/$/, '');
  const cleanups: { what: string; undo: () => Promise<ApiReply> }[] = [];
  // Sessions still to revoke when a step fails before the sign-out step.
  const sessions: { pool: PoolTarget; session: Session }[] = [];
  const opened = (pool: PoolTarget, session: Session) => (sessions.push({ pool, session }), session);
  const step = async <T>(name: StepName, fn: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      const out = await fn();
      await say(`ok   ${name} (${Date.now() - started} ms)`);
      return out;
    } catch (e) {
      await say(`FAIL ${name} (${Date.now() - started} ms)`);
      throw e instanceof SmokeFailure ? e : new SmokeFailure(name, asError(e).message);
    }
  };
  const call: ApiCall = async (path, token, init = {}) => {
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

  try {
    const config = await step('config.json served', async () => {
      const r = await call('/config.json', null);
      expectStatus(r, 200, 'GET /config.json');
      const c = r.json as Partial<PoolTarget>;
      if (!c.userPoolId || !c.userPoolClientId || !c.signInFlow) throw new Error('config.json lacks the pool, its client or the sign-in flow');
      return c as PoolTarget;
    });
    const customer = await step('customer signs in through Cognito', async () => opened(config, await signIn(config, accounts.customer.email, accounts.customer.password, accounts.customer.totpSecret)));
    const assigned = await step("customer's properties", async () => {
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
        properties: assigned.BUILDOPS_PROPERTY_IDS,
        customers: assigned.BUILDOPS_CUSTOMER_ID,
        selectedReport: report.id,
        userDetails: { email: accounts.customer.email, userId: null },
        // As the web app's first load asks: a built-in frame's data comes in the same answer.
        withData: true,
      };
      const frame = await call('/api/sigma/filtered', customer.idToken, { method: 'POST', body: JSON.stringify(body) });
      expectStatus(frame, 200, 'POST /api/sigma/filtered');
      const url = new URL((frame.json as { url: string }).url, base);
      const token = url.searchParams.get('token');
      if (!token) return say(`     (a Sigma frame: signed for ${url.host}, not fetched here)`);
      if (!(frame.json as { data?: { page?: unknown } }).data?.page) throw new Error('POST /api/sigma/filtered: a built-in frame answered without its data');
      // A reload of the frame, or a fresh token, asks the data call: it answers too.
      const data = await call('/api/embed/data', token);
      expectStatus(data, 200, 'GET /api/embed/data');
    });

    if (profile === 'full') {
      const admin = accounts.staff!;
      const staff = await step('staff member signs in with the authenticator code', async () =>
        opened(config, await signIn(config, admin.email, admin.password, admin.totpSecret)),
      );
      const propertyId = assigned.BUILDOPS_PROPERTY_IDS[0]!;
      const bytes = `smoke test ${new Date().toISOString()}\n`;
      const key = await step('document round trip: upload', async () => {
        const uploaded = await uploadDocument(call, staff.idToken, propertyId, `smoke-${Date.now()}.txt`, bytes);
        cleanups.push({ what: uploaded, undo: () => call('/api/s3/deletedocument', staff.idToken, { method: 'POST', body: JSON.stringify({ key: uploaded, propertyId }) }) });
        return uploaded;
      });
      await step('document round trip: list', async () => {
        const listed = await call(`/api/s3/getdocumentsbyproperty?propertyId=${encodeURIComponent(propertyId)}`, customer.idToken);
        expectStatus(listed, 200, 'GET /api/s3/getdocumentsbyproperty as the customer');
        if (!(listed.json as { DOCUMENT_URL: string }[]).some((d) => d.DOCUMENT_URL === key)) throw new Error(`the uploaded document ${key} is not listed for the customer`);
      });
      await step('document round trip: download', async () => {
        // Where the stage scans uploads, a document is served only once it is found clean: its
        // link is refused with 409 meanwhile (docs/features/documents.md "Malware scanning"), so wait for the scan.
        let link = await call(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}&download=1`, customer.idToken);
        for (let waited = 0; link.status === 409 && waited < SCAN_WAIT_MS; waited += SCAN_POLL_MS) {
          await new Promise((r) => setTimeout(r, SCAN_POLL_MS));
          link = await call(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}&download=1`, customer.idToken);
        }
        expectStatus(link, 200, 'GET /api/s3/getpresignedurl as the customer');
        const got = await fetch((link.json as { url: string }).url);
        const text = await got.text();
        if (!got.ok) throw new Error(`expected the uploaded bytes, got ${got.status}`);
        if (text !== bytes) throw new Error(`expected the uploaded ${Buffer.byteLength(bytes)} bytes, got ${Buffer.byteLength(text)} other bytes`);
      });
      await step('document round trip: delete', async () => {
        const undo = cleanups.pop()!;
        expectStatus(await undo.undo(), 200, 'POST /api/s3/deletedocument');
      });
    } else {
      // Read only: the document set-up placed on the smoke property, listed and downloaded as the customer.
      const reference = accounts.document!;
      await step('reference document: list', async () => {
        if (!assigned.BUILDOPS_PROPERTY_IDS.includes(reference.propertyId)) throw new Error(`the smoke customer is not assigned property ${reference.propertyId}`);
        const listed = await call(`/api/s3/getdocumentsbyproperty?propertyId=${encodeURIComponent(reference.propertyId)}`, customer.idToken);
        expectStatus(listed, 200, 'GET /api/s3/getdocumentsbyproperty as the customer');
        if (!(listed.json as { DOCUMENT_URL: string }[]).some((d) => d.DOCUMENT_URL === reference.key)) throw new Error(`the reference document ${reference.key} is not listed for the customer`);
      });
      await step('reference document: download', async () => {
        const link = await call(`/api/s3/getpresignedurl?key=${encodeURIComponent(reference.key)}&download=1`, customer.idToken);
        expectStatus(link, 200, 'GET /api/s3/getpresignedurl as the customer');
        const got = await fetch((link.json as { url: string }).url);
        const text = await got.text();
        if (!got.ok) throw new Error(`expected the reference document's bytes, got ${got.status}`);
        if (text !== reference.text) throw new Error(`expected the reference document's ${Buffer.byteLength(reference.text)} bytes, got ${Buffer.byteLength(text)} other bytes`);
      });
    }
    await step('telemetry device list', async () => {
      const customerId = assigned.BUILDOPS_CUSTOMER_ID[0]!;
      const r = await call(`/api/telemetry/${encodeURIComponent(customerId)}/devices`, customer.idToken);
      // A customer without a telemetry mapping is answered 404 with this message by design; anything else must list.
      if (r.status === 404 && (r.json as { error?: unknown } | undefined)?.error === telemetryMessages.notMapped)
        return say(`     (customer ${customerId} has no telemetry mapping: 404 as specified)`);
      expectStatus(r, 200, 'GET /api/telemetry/{customerId}/devices');
      const parsed = DevicesReply.safeParse(r.json);
      if (!parsed.success) throw new Error(`the device list is not the specified answer: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
      const n = parsed.data.data.length;
      await say(`     (customer ${customerId}: ${n} device${n === 1 ? '' : 's'})`);
    });
    await step("equipment alerts and the customer's notification settings", async () => {
      const customerId = assigned.BUILDOPS_CUSTOMER_ID[0]!;
      const alerts = await call(`/api/alerts?${new URLSearchParams({ customerId })}`, customer.idToken);
      expectStatus(alerts, 200, 'GET /api/alerts');
      if (!AlertsReply.safeParse(alerts.json).success) throw new Error('the alert list is not the specified answer');
      // Read only: a smoke test changes no one's mail.
      const settings = await call('/api/notifications', customer.idToken);
      expectStatus(settings, 200, 'GET /api/notifications');
      const parsed = SettingsReply.safeParse(settings.json);
      if (!parsed.success) throw new Error('the notification settings are not the specified answer');
      // Legacy, for this release only (the route table's `legacy` rows): the previous release's web app reads both by POST { action }.
      const legacyAlerts = await call('/api/alerts', customer.idToken, { method: 'POST', body: JSON.stringify({ action: 'list', customerId }) });
      expectStatus(legacyAlerts, 200, "POST /api/alerts { action: 'list' } (the previous release's form)");
      if (!AlertsReply.safeParse(legacyAlerts.json).success) throw new Error("the previous release's alert list is not the specified answer");
      const legacySettings = await call('/api/notifications', customer.idToken, { method: 'POST', body: JSON.stringify({ action: 'get' }) });
      expectStatus(legacySettings, 200, "POST /api/notifications { action: 'get' } (the previous release's form)");
      if (JSON.stringify(legacySettings.json) !== JSON.stringify(settings.json)) throw new Error("the previous release's form answers other settings than GET /api/notifications");
      const on = Object.entries(parsed.data.settings).filter(([, v]) => v).map(([k]) => k);
      await say(`     (${(alerts.json as AlertsReply).data.length} active alerts; mail on: ${on.join(', ') || 'none'}${parsed.data.suppressed ? '; the address is suppressed' : ''})`);
    });
    await step('an unsubscribe link with a forged signature is refused', async () => {
      // Well formed, so the function reads its signing secret: a 400 shows it can, and checks the signature.
      const payload = Buffer.from(JSON.stringify({ v: 1, p: 'unsubscribe', sub: 'smoke', t: 'weekly', e: accounts.customer.email })).toString('base64url');
      const r = await call('/api/notifications/unsubscribe', null, { method: 'POST', body: JSON.stringify({ token: `${payload}.${'A'.repeat(43)}` }) });
      expectStatus(r, 400, 'POST /api/notifications/unsubscribe with a forged token');
      if ((r.json as { error?: unknown } | undefined)?.error !== notificationMessages.badToken) throw new Error(`unexpected answer: ${r.text.slice(0, 200)}`);
    });
    await step('an administrator-only call is refused for the customer', async () => {
      expectStatus(await call('/api/users', customer.idToken), 403, 'GET /api/users as the customer');
    });
    await step('sign-out revokes the refresh token', async () => {
      const revoked = await cognitoCall(config, 'RevokeToken', { Token: customer.refreshToken, ClientId: config.userPoolClientId });
      if (revoked.status !== 200) throw new Error(`RevokeToken answered ${revoked.status}`);
      const again = await cognitoCall(config, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: customer.refreshToken } });
      if (again.status === 200) throw new Error('the revoked refresh token still gives tokens');
    });
  } finally {
    for (const { what, undo } of cleanups) {
      const r = await undo().catch((e: unknown) => ({ status: 0, text: asError(e).message }));
      await say(r.status === 200 ? `     (cleaned up: deleted ${what})` : `     (clean-up could not delete ${what}: ${r.status} ${r.text.slice(0, 200)})`);
    }
    for (const { pool, session } of sessions)
      await cognitoCall(pool, 'RevokeToken', { Token: session.refreshToken, ClientId: pool.userPoolClientId }).catch(() => undefined);
  }
}
