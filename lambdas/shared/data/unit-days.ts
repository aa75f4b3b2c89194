/**
 * The daily roll-up of the energy and runtime estimates (issue 44, item 5), in the report-rows
 * table: one item per unit (telemetry device) and month, with an attribute per day rolled.
 *
 * Item: { propertyId: 'unit-days#<customerId>', sk: 'unit-day#<deviceId>#<YYYY-MM>', deviceId,
 *   d01 … d31: the day's tally (lambdas/shared/domain/insight/tally.ts, with `key`, the options it
 *   was tallied with, and `at`, when) }
 * The partition is the customer's, not a property's: a unit keeps its days when its equipment
 * moves to another property, and no report page reads them (their sort keys begin with a dataset's
 * name; the index migration and `admin check` pass over other sort keys). The estimates' inputs
 * that may change (voltage, phase, power factor, tariff, thresholds) are not in a tally: they are
 * applied when it is read.
 *
 * Access patterns:
 * - the rolled days of some units over a period: BatchGetItem of their month items (a period of up
 *   to 31 days: at most 2 a unit), in the caller's one batch with its other keys (`unitDayKeys`)
 * - roll a unit's days: UpdateItem `SET dNN = if_not_exists(dNN, :t)` per month: each day is
 *   written once; a second run, or two at once, change nothing
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dayStart, type RolledDay } from '../domain/insight/rollup.js';
import { tableName } from '../platform/env.js';
import { batchGetTables } from './batch.js';

const DAY_MS = 86_400_000;
const table = () => tableName('reportRows');

export const unitDaysPartition = (customerId: string) => `unit-days#${customerId}`;
const SK = 'unit-day#';
const monthSk = (deviceId: string, month: string) => `${SK}${deviceId}#${month}`;

/** The months (YYYY-MM) a span [fromMs, toMs) touches (the first one's at least). */
export function monthsOf(fromMs: number, toMs: number): string[] {
  const out: string[] = [];
  const d = new Date(fromMs);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  do {
    out.push(`${y}-${String(m + 1).padStart(2, '0')}`);
    if (++m === 12) {
      m = 0;
      y++;
    }
  } while (Date.UTC(y, m, 1) < toMs);
  return out;
}

/** The keys of these units' month items over [fromMs, toMs), for the caller's BatchGetItem. */
export function unitDayKeys(customerId: string, deviceIds: readonly string[], fromMs: number, toMs: number): { propertyId: string; sk: string }[] {
  const months = monthsOf(fromMs, toMs);
  return [...new Set(deviceIds)].flatMap((id) => months.map((month) => ({ propertyId: unitDaysPartition(customerId), sk: monthSk(id, month) })));
}

const isDayAttribute = (name: string) => /^d\d{2}$/.test(name);

/** The rolled days of the month items read (items of other kinds are passed over), by device and day (YYYY-MM-DD). */
export function rolledDaysOf(items: readonly Record<string, unknown>[]): Map<string, Map<string, RolledDay>> {
  const out = new Map<string, Map<string, RolledDay>>();
  for (const item of items) {
    const sk = item.sk;
    if (typeof sk !== 'string' || !sk.startsWith(SK) || typeof item.deviceId !== 'string') continue;
    const month = sk.slice(sk.lastIndexOf('#') + 1);
    let days = out.get(item.deviceId);
    if (!days) out.set(item.deviceId, (days = new Map()));
    for (const name in item) if (isDayAttribute(name)) days.set(`${month}-${name.slice(1)}`, item[name] as RolledDay);
  }
  return out;
}

/** These units' rolled days over [fromMs, toMs): one BatchGetItem round (100 keys a request). */
export async function readRolledDays(db: DynamoDBDocumentClient, customerId: string, deviceIds: readonly string[], fromMs: number, toMs: number): Promise<Map<string, Map<string, RolledDay>>> {
  const keys = unitDayKeys(customerId, deviceIds, fromMs, toMs);
  if (keys.length === 0) return new Map();
  const found = await batchGetTables(db, { [table()]: keys });
  return rolledDaysOf(found[table()]!);
}

/** Stores a unit's rolled days, one UpdateItem per month; a day already stored is kept as it is. */
export async function putRolledDays(db: DynamoDBDocumentClient, customerId: string, deviceId: string, days: ReadonlyMap<string, RolledDay>): Promise<void> {
  const byMonth = new Map<string, [string, RolledDay][]>();
  for (const [day, tally] of days) {
    if (!Number.isFinite(dayStart(day)) || dayStart(day) % DAY_MS !== 0) throw new RangeError(`not a day: ${day}`);
    const month = day.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), [day, tally]]);
  }
  for (const [month, list] of byMonth) {
    const names: Record<string, string> = { '#dev': 'deviceId' };
    const values: Record<string, unknown> = { ':dev': deviceId };
    const sets = ['#dev = :dev'];
    list.forEach(([day, tally], i) => {
      names[`#d${i}`] = `d${day.slice(8, 10)}`;
      values[`:d${i}`] = tally;
      sets.push(`#d${i} = if_not_exists(#d${i}, :d${i})`);
    });
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { propertyId: unitDaysPartition(customerId), sk: monthSk(deviceId, month) },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}
