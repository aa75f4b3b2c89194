/** The Assets page: equipment on record (its figures are the Analytics page's too). */
import type { AssetRow } from '../../../data/report-rows.js';
import { avg, count, fig, grouped } from './aggregate.js';
import type { Head, PageInput } from './input.js';
import { yearsBack, yearsSince } from './time.js';
import { CONDITIONS } from './vocabulary.js';

export function assetFigures(rows: AssetRow[], now: number) {
  const fifteen = yearsBack(now, 15);
  let poor = 0;
  let old = 0;
  let ageSum = 0;
  let aged = 0;
  const types = new Set<string>();
  for (const r of rows) {
    if (r.condition === 'Poor' || r.condition === 'Critical') poor++;
    types.add(r.assetType ?? '');
    if (r.installedOn) {
      ageSum += yearsSince(r.installedOn, now);
      aged++;
      if (r.installedOn.slice(0, 10) <= fifteen) old++;
    }
  }
  return { total: rows.length, poor, old, age: avg(ageSum, aged), types: types.size };
}

export function assets(input: PageInput): Head {
  const rows = input.asset ?? [];
  const f = assetFigures(rows, input.now);
  const byType = grouped(rows, (r) => r.assetType ?? '', count);
  const byCondition = grouped(rows, (r) => r.condition ?? '', count, { order: CONDITIONS });
  const byProperty = grouped(rows, (r) => input.names.get(r.propertyId) ?? null, count);
  return {
    title: 'Assets',
    subtitle: 'Equipment on record at your properties',
    figures: [fig('Assets', f.total, 'count'), fig('Equipment types', f.types, 'count'), fig('In poor or critical condition', f.poor, 'count'), fig('Average age', f.age, 'years')],
    charts: [
      { id: 'type', title: 'Assets by type', type: 'horizontal-bar', format: 'count', categories: byType.categories, series: [{ name: 'Assets', data: byType.data }] },
      { id: 'condition', title: 'Assets by condition', type: 'pie', format: 'count', categories: byCondition.categories, series: [{ name: 'Assets', data: byCondition.data }] },
      { id: 'property', title: 'Assets by property', type: 'horizontal-bar', format: 'count', categories: byProperty.categories, series: [{ name: 'Assets', data: byProperty.data }] },
    ],
  };
}
