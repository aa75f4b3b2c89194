/** The Analytics page: equipment by type and age. */
import { count, fig, grouped } from './aggregate.js';
import { assetFigures } from './assets.js';
import type { Head, PageInput } from './input.js';
import { yearsBack, yearsSince } from './time.js';

const AGE_BUCKETS = ['0-4 years', '5-9 years', '10-14 years', '15-19 years', '20+ years'];

function ageBucket(installedOn: string | undefined, now: number): string {
  if (!installedOn) return 'Unknown';
  const d = installedOn.slice(0, 10);
  if (d > yearsBack(now, 5)) return '0-4 years';
  if (d > yearsBack(now, 10)) return '5-9 years';
  if (d > yearsBack(now, 15)) return '10-14 years';
  if (d > yearsBack(now, 20)) return '15-19 years';
  return '20+ years';
}

export function analytics(input: PageInput): Head {
  const { now } = input;
  const rows = input.asset ?? [];
  const f = assetFigures(rows, now);
  const byType = grouped(rows, (r) => r.assetType ?? '', count);
  const ageByType = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.assetType ?? ''}\u0000${ageBucket(r.installedOn, now)}`;
    ageByType.set(k, (ageByType.get(k) ?? 0) + 1);
  }
  const avgAge = grouped(
    rows.filter((r) => r.installedOn),
    (r) => r.assetType ?? '',
    (r) => yearsSince(r.installedOn!, now),
    { average: true },
  );
  return {
    title: 'Analytics',
    subtitle: 'Equipment by type and age',
    figures: [fig('Equipment', f.total, 'count'), fig('Average age', f.age, 'years'), fig('15 years or older', f.old, 'count'), fig('In poor or critical condition', f.poor, 'count')],
    charts: [
      {
        id: 'age',
        title: 'Equipment age by type',
        type: 'stacked-bar',
        format: 'count',
        categories: AGE_BUCKETS,
        series: byType.categories.map((type) => ({ name: type, data: AGE_BUCKETS.map((b) => ageByType.get(`${type}\u0000${b}`) ?? 0) })),
      },
      { id: 'type', title: 'Equipment by type', type: 'pie', format: 'count', categories: byType.categories, series: [{ name: 'Equipment', data: byType.data }] },
      { id: 'average', title: 'Average age by type (years)', type: 'horizontal-bar', format: 'years', categories: avgAge.categories, series: [{ name: 'Average age', data: avgAge.data }] },
    ],
  };
}
