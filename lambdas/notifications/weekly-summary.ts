/**
 * The weekly summary (EventBridge Scheduler, the stage's `notifications.weeklySummary` time;
 * locally on demand): each user who switched "Weekly summary" on gets one mail with the last 7
 * days of their properties, from the report data the portal holds: work orders opened and
 * completed, invoices issued and their total; and for a property with monitored units, a line of
 * its estimated energy, cost and units flagged (../shared/domain/notifications/weekly-energy.ts).
 * Once per user and week (claimed before sending), so a retried run sends no second mail. Each property's figures are computed once per run.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { claimWeeklyMail, releaseWeeklyMail, subscribedTo } from '../shared/data/notification-settings.js';
import { propertiesAndRows, readIndex } from '../shared/data/report-reads.js';
import type { InvoiceRow, WorkOrderRow } from '../shared/data/report-rows.js';
import { usersBySub } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { log } from '../shared/platform/log.js';
import { greetingName, mailDate, productTitle } from '../shared/platform/mail-text.js';
import { claimedMail, mailJob } from '../shared/domain/notifications/job.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { assignedScope } from '../shared/platform/scope.js';
import { eachAtMost, WEEKLY_ENERGY_BUDGET_MS, WEEKLY_MAILS_AT_ONCE } from '../shared/platform/job-parallelism.js';
import { mailLinks } from '../shared/platform/links.js';
import { weekEnergy, type WeekEnergy } from '../shared/domain/notifications/weekly-energy.js';
import type { TelemetryClient } from '../shared/domain/telemetry/client.js';
import { telemetryClient } from '../shared/domain/telemetry/service.js';

const DAY = 86_400_000;

export interface WeekFigures {
  opened: number;
  completed: number;
  invoices: number;
  invoiced: number;
}

export interface WeeklySummary {
  subscribed: number;
  mailed: number;
  failed: number;
  week: string;
}

/** The week a run belongs to: the Monday (UTC) on or before it, YYYY-MM-DD. */
export function weekOf(now: number): string {
  const d = new Date(now);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back)).toISOString().slice(0, 10);
}

const inWindow = (iso: string | undefined, from: string, to: string) => Boolean(iso) && iso! >= from && iso! < to;

/** Each property's figures over [from, to). */
export function figuresByProperty(workOrders: readonly WorkOrderRow[], invoices: readonly InvoiceRow[], from: string, to: string): Map<string, WeekFigures> {
  const out = new Map<string, WeekFigures>();
  const of = (id: string) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { opened: 0, completed: 0, invoices: 0, invoiced: 0 }));
    return f;
  };
  for (const w of workOrders) {
    if (inWindow(w.createdAt, from, to)) of(w.propertyId).opened++;
    if (w.status === 'Completed' && inWindow(w.completedAt, from, to)) of(w.propertyId).completed++;
  }
  for (const i of invoices) {
    if (i.status === 'Void' || !inWindow(i.issuedAt, from, to)) continue;
    const f = of(i.propertyId);
    f.invoices++;
    f.invoiced += i.amount;
  }
  return out;
}

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const day = (ms: number) => mailDate(ms);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const kwh = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} kWh`;

/** A property's energy line (issue 44): every figure in it is an estimate, and says so. */
export function energyLine(e: WeekEnergy): string {
  const figures = e.kwh === null ? 'no energy figure (no current readings)' : `${kwh(e.kwh)}${e.cost === null ? '' : `, cost ${money(e.cost)}`}`;
  const flagged = e.flagged.length ? e.flagged.map((u) => `${u.name} (${u.why.join(', ')})`).join(', ') : 'none';
  return `  Energy (estimated): ${figures}; units flagged: ${flagged}; readings cover ${Math.round(e.coverage)} % of the week`;
}

export function weeklyMail(
  name: string,
  properties: readonly { id: string; name: string }[],
  figures: ReadonlyMap<string, WeekFigures>,
  fromMs: number,
  toMs: number,
  energy: ReadonlyMap<string, WeekEnergy> = new Map(),
) {
  const empty: WeekFigures = { opened: 0, completed: 0, invoices: 0, invoiced: 0 };
  const total = { ...empty };
  const lines: string[] = [];
  for (const p of properties) {
    const f = figures.get(p.id) ?? empty;
    total.opened += f.opened;
    total.completed += f.completed;
    total.invoices += f.invoices;
    total.invoiced += f.invoiced;
    lines.push('', `${p.name}:`, `  Work orders opened: ${f.opened}; completed: ${f.completed}`, `  Invoices issued: ${f.invoices}${f.invoices ? ` (${money(f.invoiced)})` : ''}`);
    const e = energy.get(p.id);
    if (e) lines.push(energyLine(e));
  }
  const estimated = properties.some((p) => energy.has(p.id));
  const range = `${day(fromMs)} to ${day(toMs - DAY)}`;
  return {
    subject: `Your weekly summary, ${range}: ${plural(total.completed, 'work order', 'work orders')} completed`,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      `Your properties in ${productTitle()}, ${range}:`,
      ...(properties.length > 1
        ? ['', `All properties: ${plural(total.opened, 'work order', 'work orders')} opened, ${total.completed} completed; ${plural(total.invoices, 'invoice', 'invoices')} issued${total.invoices ? ` (${money(total.invoiced)})` : ''}.`]
        : []),
      ...lines,
      ...(estimated ? ['', `Energy figures are estimated from each unit's current readings; how, and with which inputs: ${mailLinks.estimates()}`] : []),
      '',
      `See the reports: ${mailLinks.reports()}`,
    ].join('\n'),
  };
}


/** Each property's estimated energy; when the telemetry service fails, the mails go without the energy line. */
async function energyOrNone(db: DynamoDBDocumentClient, telemetry: () => Promise<TelemetryClient>, properties: Parameters<typeof weekEnergy>[2], fromMs: number, toMs: number) {
  try {
    return await weekEnergy(db, telemetry, properties, fromMs, toMs, { deadline: Date.now() + WEEKLY_ENERGY_BUDGET_MS });
  } catch (err) {
    log.warn('weekly summary without energy estimates', { err });
    return new Map<string, WeekEnergy>();
  }
}

export async function runWeeklySummary(db: DynamoDBDocumentClient, now = Date.now(), telemetry: () => Promise<TelemetryClient> = telemetryClient): Promise<WeeklySummary> {
  const week = weekOf(now);
  const toMs = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const fromMs = toMs - 7 * DAY;
  const [from, to] = [new Date(fromMs).toISOString(), new Date(toMs).toISOString()];
  const items = await subscribedTo(db, 'weekly');
  const summary: WeeklySummary = { subscribed: items.length, mailed: 0, failed: 0, week };

  const due = items.filter((item) => item.lastWeeklyFor !== week);
  const users = new Map([...(await usersBySub(db, due.map((item) => item.sub)))].filter(([, user]) => !isStaffEmail(user.email)));
  const allProperties = [...new Set([...users.values()].flatMap((u) => [...assignedScope(u).propertyIds]))];
  if (allProperties.length === 0) return summary;
  const index = await readIndex(db, allProperties, ['wo', 'invoice']);
  const { rows, properties } = await propertiesAndRows(db, allProperties, ['wo', 'invoice'], index);
  const figures = figuresByProperty((rows.get('wo') ?? []) as WorkOrderRow[], (rows.get('invoice') ?? []) as InvoiceRow[], from, to);
  const named = new Map(properties.map((p) => [p.id, p]));
  const energy = await energyOrNone(db, telemetry, properties, fromMs, toMs);

  // A few users at a time (job-parallelism.ts); each mail is claimed first, so two runs at once send it once.
  await eachAtMost(due, WEEKLY_MAILS_AT_ONCE, async (item) => {
    const user = users.get(item.sub);
    if (!user) return;
    try {
      const mine = [...assignedScope(user).propertyIds].map((id) => ({ id, name: named.get(id)?.name ?? id })).sort((a, b) => a.name.localeCompare(b.name));
      if (mine.length === 0) return;
      const outcome = await claimedMail(
        claimWeeklyMail(db, item.sub, week),
        () => mailUser(db, user, 'weekly', weeklyMail(user.name || user.email, mine, figures, fromMs, toMs, energy), item),
        () => releaseWeeklyMail(db, item.sub, week, item.lastWeeklyFor),
      );
      if (outcome === 'sent') summary.mailed++;
    } catch (err) {
      summary.failed++;
      log.warn('weekly summary of a user failed', { err });
    }
  });
  return summary;
}

export const handler = mailJob('notifications/weekly-summary', 'weekly summary sent', (db) => runWeeklySummary(db));
