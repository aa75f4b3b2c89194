/**
 * A property's alert thresholds (GET and PUT /api/alerts/thresholds/{propertyId}; the legacy POST
 * /api/alerts 'thresholds' and 'set-thresholds'): the rules
 * of each kind of equipment as the evaluation applies them at that property, the defaults beside
 * them. Anyone who may see the property reads them; administrators change them. Only what differs
 * from the defaults is stored, so a later change of a default reaches every property that kept it.
 */
import { dynamo } from '../../platform/clients.js';
import { alertMessages, EQUIPMENT_KINDS, ruleUnits, SIGNAL_BOUNDS as B, type PropertyRef, type PutThresholdsBody, type RuleThreshold, type ThresholdsReply } from '../../contract/alerts.js';
import { appendAudit } from '../../data/audit.js';
import { deleteThresholds, getThresholdsItem, putThresholds, type ThresholdsItem } from '../../data/equipment-alerts.js';
import { getProperties } from '../../data/properties.js';
import { badRequest, forbidden, notFound, ok, type Reply } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';
import { canSeeCustomer, canSeeProperty } from '../../platform/scope.js';
import type * as z from '../../platform/zod-parts.js';
import { DEFAULT_RULES, isOn, rulesFor, SIGNAL_RULES, type EquipmentKind, type RuleId, type RuleSetting, type RuleSettings } from './rules.js';

async function checkProperty(caller: Scope, customerId: string, propertyId: string): Promise<void> {
  if (!canSeeCustomer(caller, customerId)) throw forbidden(alertMessages.noAccess);
  if (!canSeeProperty(caller, propertyId)) throw forbidden(alertMessages.noProperty(propertyId));
  const [property] = await getProperties(dynamo(), [propertyId]);
  if (!property || property.customerId !== customerId) throw notFound(alertMessages.notCustomers(propertyId));
}

export function thresholdsAnswer(propertyId: string, item: ThresholdsItem | undefined, message?: string): ThresholdsReply {
  const rules: RuleThreshold[] = [];
  for (const kind of EQUIPMENT_KINDS) {
    const applied = rulesFor(kind, item?.rules[kind]);
    for (const [rule, d] of Object.entries(DEFAULT_RULES[kind]) as [RuleId, RuleSetting][]) {
      const a = applied[rule]!;
      rules.push({
        kind, rule, forMinutes: a.forMinutes, limit: a.limit, unit: ruleUnits[rule], defaultForMinutes: d.forMinutes, defaultLimit: d.limit, on: isOn(a), defaultOn: isOn(d),
        ...(d.minOnMinutes !== undefined ? { minOnMinutes: a.minOnMinutes ?? d.minOnMinutes, defaultMinOnMinutes: d.minOnMinutes } : {}),
      });
    }
  }
  return { propertyId, rules, updatedAt: item?.updatedAt ?? null, updatedBy: item?.updatedBy ?? null, ...(message ? { message } : {}) };
}

export async function getThresholds(caller: Scope, body: PropertyRef): Promise<Reply> {
  await checkProperty(caller, body.customerId, body.propertyId);
  return ok(thresholdsAnswer(body.propertyId, await getThresholdsItem(dynamo(), body.customerId, body.propertyId)));
}

export async function setThresholds(caller: Scope, body: PropertyRef & Pick<z.output<typeof PutThresholdsBody>, 'rules'>): Promise<Reply> {
  if (!caller.isAdmin) throw forbidden(alertMessages.adminOnly);
  await checkProperty(caller, body.customerId, body.propertyId);
  const changed: Partial<Record<EquipmentKind, RuleSettings>> = {};
  for (const r of body.rules) {
    const d = DEFAULT_RULES[r.kind][r.rule];
    if (!d) throw badRequest(alertMessages.notARule(r.kind, r.rule));
    const signal = (SIGNAL_RULES as readonly RuleId[]).includes(r.rule);
    if (!signal && r.on === false) throw badRequest(alertMessages.alwaysOn(r.rule));
    if (signal || r.minOnMinutes !== undefined) checkSignalSetting(r);
    // `stale` and `delta-t` have no limit: only their minutes count.
    // To 0.001: what the dialog sends, so that a limit typed in °F comes back as typed.
    const limit = r.rule === 'stale' || r.rule === 'delta-t' ? 0 : Math.round(r.limit * 1000) / 1000;
    // A signal rule is on only when asked (absent: off, its default).
    const on = signal ? r.on === true : true;
    // Short cycling's median on-time: absent, the default.
    const minOnMinutes = d.minOnMinutes === undefined ? undefined : (r.minOnMinutes ?? d.minOnMinutes);
    if (r.forMinutes === d.forMinutes && limit === d.limit && on === isOn(d) && minOnMinutes === d.minOnMinutes) continue;
    (changed[r.kind] ??= {})[r.rule] = { forMinutes: r.forMinutes, limit, ...(signal ? { on } : {}), ...(minOnMinutes !== undefined ? { minOnMinutes } : {}) };
  }
  const db = dynamo();
  const at = new Date().toISOString();
  let item: ThresholdsItem | undefined;
  if (Object.keys(changed).length === 0) await deleteThresholds(db, body.customerId, body.propertyId);
  else item = await putThresholds(db, { customerId: body.customerId, propertyId: body.propertyId, rules: changed, updatedAt: at, updatedBy: caller.email });
  await appendAudit(db, caller.email, 'alert-thresholds', body.propertyId, { customerId: body.customerId, rules: changed });
  return ok(thresholdsAnswer(body.propertyId, item, item ? alertMessages.saved : alertMessages.reset));
}

/**
 * The signal rules' own bounds (SIGNAL_BOUNDS, the dialog's too; ./signals.ts): short cycling's
 * starts a day and median on-time whole numbers (1–100 a day; 1–60 minutes); ΔT's window from 30
 * minutes (a window of readings) to a day; drift's percentage 1–500. Only short cycling has a
 * median on-time.
 */
function checkSignalSetting(r: { rule: RuleId; forMinutes: number; limit: number; minOnMinutes?: number }): void {
  const within = (n: number, min: number, max: number, whole = true) => (!whole || Number.isInteger(n)) && n >= min && n <= max;
  if (r.rule !== 'short-cycling' && r.minOnMinutes !== undefined) throw badRequest(alertMessages.noOnMinutes(r.rule));
  if (r.rule === 'short-cycling' && !within(r.limit, B.startsMin, B.startsMax)) throw badRequest(alertMessages.signalLimit(r.rule, `a whole number of starts a day from ${B.startsMin} to ${B.startsMax}`));
  if (r.rule === 'short-cycling' && r.minOnMinutes !== undefined && !within(r.minOnMinutes, B.onMinutesMin, B.onMinutesMax)) throw badRequest(alertMessages.onMinutes(`a whole number of minutes from ${B.onMinutesMin} to ${B.onMinutesMax}`));
  if (r.rule === 'delta-t' && !within(r.forMinutes, B.deltaTMinutesMin, B.deltaTMinutesMax)) throw badRequest(alertMessages.signalMinutes(r.rule, `from ${B.deltaTMinutesMin} to ${B.deltaTMinutesMax}`));
  if (r.rule === 'drift' && !within(r.limit, B.pctMin, B.pctMax, false)) throw badRequest(alertMessages.signalLimit(r.rule, `a percentage from ${B.pctMin} to ${B.pctMax}`));
}
