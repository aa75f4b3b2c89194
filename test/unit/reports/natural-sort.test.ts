import { naturalCompare, pageData, tableRows } from '../../../lambdas/shared/domain/reports/pages.js';
import { input } from './fixture.js';

describe('natural order of ids and names', () => {
  it('compares runs of digits as numbers and the rest by code point', () => {
    expect(['AHU-10', 'AHU-5', 'AHU-1', 'RTU-2', 'AHU-05', 'ahu-3', 'CH-1'].sort(naturalCompare)).toEqual(['AHU-1', 'AHU-5', 'AHU-05', 'AHU-10', 'CH-1', 'RTU-2', 'ahu-3']);
    expect(naturalCompare('W2', 'W10')).toBeLessThan(0);
    expect(naturalCompare('Floor 2 AHU-9', 'Floor 2 AHU-12')).toBeLessThan(0);
    expect(naturalCompare('AHU', 'AHU-1')).toBeLessThan(0);
    expect(naturalCompare('AHU-7', 'AHU-7')).toBe(0);
  });

  it('sorts the asset table naturally both ways, and ties by id naturally', () => {
    const base = input().asset[0]!;
    const asset = ['AHU-10', 'AHU-5', 'AHU-1', 'AHU-2'].map((name, i) => ({ ...base, id: `A${10 - i * 3}`, name }));
    const names = (dir: 'asc' | 'desc') => tableRows('assets', { ...input(), asset }, { sort: 'name', dir }).rows.map((r) => r.name);
    expect(pageData('assets', { ...input(), asset }).table.rows.map((r) => r.name)).toEqual(['AHU-1', 'AHU-2', 'AHU-5', 'AHU-10']);
    expect(names('desc')).toEqual(['AHU-10', 'AHU-5', 'AHU-2', 'AHU-1']);
    // Same type for all: the tie-break is the row id, A1 < A4 < A7 < A10.
    expect(tableRows('assets', { ...input(), asset }, { sort: 'type' }).rows.map((r) => r.name)).toEqual(['AHU-2', 'AHU-1', 'AHU-5', 'AHU-10']);
  });
});
