/**
 * The link from a card's "estimated" to the estimates page, and back: the inputs a unit's figures
 * used travel in the address (/energy-estimates?device=...&voltage=...&phase=...&pf=...&tariff=...&defaulted=...).
 */
import type { DeviceInsight } from '../../../lambdas/shared/contract/answers/telemetry-insight';
import { paths } from '../../app/paths';

/** The estimates page's address with the inputs this unit's figures used (only the device while they are not known yet). */
export function estimatesHref(deviceId: string, d: Pick<DeviceInsight, 'electrical' | 'tariffPerKwh'> | undefined): string {
  const q = new URLSearchParams({ device: deviceId });
  if (d) {
    q.set('voltage', String(d.electrical.voltage));
    q.set('phase', String(d.electrical.phase));
    q.set('pf', String(d.electrical.powerFactor));
    if (d.electrical.defaulted.length) q.set('defaulted', d.electrical.defaulted.join(','));
    if (d.tariffPerKwh !== null) q.set('tariff', String(d.tariffPerKwh));
  }
  return `${paths.estimates}?${q.toString()}`;
}

/** The inputs of a unit's estimates as the card's link gives them; null when the address holds none that make sense. */
export function inputsFromSearch(params: URLSearchParams) {
  const device = params.get('device');
  const voltage = Number(params.get('voltage'));
  const phase = Number(params.get('phase'));
  const pf = Number(params.get('pf'));
  const tariffText = params.get('tariff');
  const tariff = tariffText === null ? null : Number(tariffText);
  if (!device || !(voltage > 0) || (phase !== 1 && phase !== 3) || !(pf > 0 && pf <= 1) || (tariff !== null && !(tariff >= 0))) return null;
  const defaulted = new Set((params.get('defaulted') ?? '').split(',').filter(Boolean));
  return { device, voltage, phase, pf, tariff, defaulted };
}
