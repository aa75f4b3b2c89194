/**
 * The telemetry proxy's shared part: the container's one client (base URL from TELEMETRY_BASE_URL,
 * key from Secrets Manager, limits from TELEMETRY_MAX_PAGES and TELEMETRY_TIMEOUT_MS), the
 * customer's visible devices, and the service's failures as the portal's answers.
 */
import { dynamo } from '../../platform/clients.js';
import { telemetryMessages } from '../../contract/telemetry.js';
import { getCustomer } from '../../data/customers.js';
import { equipmentOfCustomer, type EquipmentItem } from '../../data/equipment.js';
import { forbidden, HttpError, notFound } from '../../platform/http.js';
import { log } from '../../platform/log.js';
import { canSeeCustomer, canSeeProperty, type Scope } from '../../platform/scope.js';
import { readSecret } from '../../platform/secrets.js';
import { oncePerContainer } from '../../platform/container.js';
import { createTelemetryClient, TelemetryServiceError, type CallLimit, type TelemetryClient, type TelemetryDevice } from './client.js';

/**
 * The functions time out at 29 s (route table): the service's part of one request ends by then
 * minus room for start-up and the table reads, so a slow service still gets our 503, not the gateway's.
 */
const BUDGET_MS = 24_000;
export const requestDeadline = () => Date.now() + BUDGET_MS;

const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Environment variable ${name} must be a positive integer (got "${raw}")`);
  return n;
};

async function create(): Promise<TelemetryClient> {
  const baseUrl = process.env.TELEMETRY_BASE_URL;
  if (!baseUrl) {
    log.warn('telemetry service not configured', { missing: 'TELEMETRY_BASE_URL' });
    throw new HttpError(503, telemetryMessages.notConfigured);
  }
  const maxPages = positive('TELEMETRY_MAX_PAGES', 100);
  const timeoutMs = positive('TELEMETRY_TIMEOUT_MS', 10_000);
  let apiKey: string;
  try {
    apiKey = await readSecret('telemetry');
  } catch (err) {
    log.error('telemetry key not readable', { secretName: 'telemetry', err });
    throw new HttpError(503, telemetryMessages.unavailable);
  }
  return createTelemetryClient({ baseUrl, apiKey, maxPages, timeoutMs });
}

/** The container's client, made on first use; a failed set-up is tried again on the next request. */
export const telemetryClient: () => Promise<TelemetryClient> = oncePerContainer(create);

/** The telemetry service's failure as the portal's answer: 502 when it refused us, 503 when it is down. */
export function serviceFailure(err: unknown): never {
  if (err instanceof TelemetryServiceError) {
    log.warn('telemetry service failed', { status: err.status, reason: err.message });
    if (err.status >= 400 && err.status < 500) throw new HttpError(502, telemetryMessages.refused);
    throw new HttpError(503, telemetryMessages.unavailable);
  }
  throw err;
}

/**
 * Checks scope (403) and mapping (404), then answers the customer's devices: those whose
 * equipment.id is one of the customer's equipment rows the caller may see (on an assigned
 * property, or on none), like the analytics rows. No visible equipment: no call to the service.
 */
export async function customerDevices(scope: Scope, customerId: string, limit: CallLimit): Promise<TelemetryDevice[]> {
  return (await visibleDevices(scope, customerId, limit)).devices;
}

/** customerDevices, with the visible equipment rows they were matched against (the same two reads). */
export async function visibleDevices(scope: Scope, customerId: string, limit: CallLimit): Promise<{ devices: TelemetryDevice[]; equipment: EquipmentItem[] }> {
  if (!canSeeCustomer(scope, customerId)) throw forbidden(telemetryMessages.noAccess);
  const db = dynamo();
  const [customer, rows] = await Promise.all([getCustomer(db, customerId), equipmentOfCustomer(db, customerId)]);
  if (!customer) throw notFound(telemetryMessages.unknownCustomer);
  if (!customer.telemetryCustomerId) throw notFound(telemetryMessages.notMapped);
  const equipment = rows.filter((r) => !r.propertyId || canSeeProperty(scope, r.propertyId));
  if (equipment.length === 0) return { devices: [], equipment };
  const ids = new Set(equipment.map((r) => r.id));
  const telemetry = await telemetryClient();
  const all = await telemetry.listDevices(limit).catch(serviceFailure);
  return { devices: all.filter((d) => ids.has(d.equipment.id)), equipment };
}
