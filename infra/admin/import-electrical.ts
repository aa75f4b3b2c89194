/**
 * The import's columns for the energy estimates (docs/energy-estimates.md): a unit's voltage, phase
 * and power factor on the equipment file, a property's tariff on the properties file. Each is
 * optional: empty, the estimate takes the stated default (or, for the tariff, shows no cost).
 */
import { z } from 'zod';

/** A plain decimal number (no exponent, no sign, no thousands separator); empty: undefined. */
const optionalDecimal = (message: string, ok: (n: number) => boolean) =>
  z
    .string()
    .trim()
    .default('')
    .refine((s) => s === '' || (/^\d{1,6}(\.\d{1,6})?$/.test(s) && ok(Number(s))), message)
    .transform((s) => (s === '' ? undefined : Number(s)));

export const electricalColumns = {
  /** Volts, line to line for three-phase (460), line to neutral or across two legs for single-phase (230). */
  voltage: optionalDecimal('must be a voltage in volts such as 460 (more than 0, at most 1000)', (n) => n > 0 && n <= 1000),
  phase: z
    .string()
    .trim()
    .default('')
    .refine((s) => s === '' || s === '1' || s === '3', 'must be 1 or 3')
    .transform((s) => (s === '' ? undefined : (Number(s) as 1 | 3))),
  power_factor: optionalDecimal('must be a power factor such as 0.85 (more than 0, at most 1)', (n) => n > 0 && n <= 1),
};

/** Price per kWh in the property's currency (0.1425); at most 100. */
export const tariffColumn = optionalDecimal('must be a price per kWh such as 0.14 (0 or more, at most 100)', (n) => n >= 0 && n <= 100);

/** The equipment item's electrical fields, only those given. */
export const electricalItem = (r: { voltage?: number; phase?: 1 | 3; power_factor?: number }) => ({
  ...(r.voltage !== undefined ? { voltage: r.voltage } : {}),
  ...(r.phase !== undefined ? { phase: r.phase } : {}),
  ...(r.power_factor !== undefined ? { powerFactor: r.power_factor } : {}),
});
