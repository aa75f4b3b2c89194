import { describe, expect, it } from '@jest/globals';
import { estimatesHref, inputsFromSearch } from './insight-links';

const parse = (href: string) => inputsFromSearch(new URLSearchParams(href.split('?')[1]));

describe('the estimates link', () => {
  it('carries the inputs a unit used, defaults named, and reads them back', () => {
    const href = estimatesHref('NCL-CRAC1-A1', { electrical: { voltage: 460, phase: 3, powerFactor: 0.85, defaulted: ['phase', 'voltage', 'powerFactor'] }, tariffPerKwh: null });
    expect(href).toBe('/energy-estimates?device=NCL-CRAC1-A1&voltage=460&phase=3&pf=0.85&defaulted=phase%2Cvoltage%2CpowerFactor');
    expect(parse(href)).toEqual({ device: 'NCL-CRAC1-A1', voltage: 460, phase: 3, pf: 0.85, tariff: null, defaulted: new Set(['phase', 'voltage', 'powerFactor']) });
    const imported = parse(estimatesHref('A & B', { electrical: { voltage: 230, phase: 1, powerFactor: 0.9, defaulted: [] }, tariffPerKwh: 0.2 }));
    expect(imported).toEqual({ device: 'A & B', voltage: 230, phase: 1, pf: 0.9, tariff: 0.2, defaulted: new Set() });
  });
  it('names only the device before the figures are in, and the page then shows no inputs', () => {
    expect(estimatesHref('D1', undefined)).toBe('/energy-estimates?device=D1');
    expect(parse('/energy-estimates?device=D1')).toBeNull();
  });
  it('refuses inputs no unit can have', () => {
    for (const q of ['voltage=0&phase=3&pf=0.85', 'voltage=460&phase=2&pf=0.85', 'voltage=460&phase=3&pf=1.2', 'voltage=460&phase=3&pf=0.85&tariff=-1', 'voltage=abc&phase=3&pf=0.85'])
      expect(inputsFromSearch(new URLSearchParams(`device=D&${q}`))).toBeNull();
    expect(inputsFromSearch(new URLSearchParams('voltage=460&phase=3&pf=0.85'))).toBeNull();
  });
});
