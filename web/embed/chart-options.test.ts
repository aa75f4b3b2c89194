import { describe, expect, it } from '@jest/globals';
import { canvasHeight, chartLabel, customerLegend, legendOf, optionFor, sliceLabel } from './chart-options';
import { CUSTOMER_COLORS, STATUS_COLORS, customerShade } from './colors';
import { figureColumns } from './embed-app';
import type { ChartData } from './types';

type PieItem = { name: string; itemStyle: { color: string }; label: { show: boolean; formatter?: string } };
type Series = { itemStyle: { color: string }; data: (number | { itemStyle: { color: string } })[] };

const pie = (categories: string[], data: number[]): ChartData => ({ id: 'p', title: 'By status', type: 'pie', format: 'count', categories, series: [{ name: 'n', data }] });

describe('report charts', () => {
  it('labels a slice with its count and share, and tiny or empty slices not at all', () => {
    expect(sliceLabel(30, 40, 'count')).toBe('30 (75%)');
    expect(sliceLabel(1, 40, 'count')).toBeNull();
    expect(sliceLabel(0, 40, 'count')).toBeNull();
    const items = (optionFor(pie(['Open', 'In Progress', 'On Hold'], [57, 1, 0])).series as { data: PieItem[] }[])[0]!.data;
    expect(items.map((d) => (d.label.show ? d.label.formatter : null))).toEqual(['57 (98%)', null, null]);
    // A narrow frame gets a smaller donut, leaving its labels room beside it.
    const radius = (w: number) => (optionFor(pie(['Open'], [1]), w).series as { radius: string[] }[])[0]!.radius[1];
    expect([radius(300), radius(600)]).toEqual(['52%', '66%']);
  });

  it('gives a status the same colour in every chart, whatever its position', () => {
    const quotes = optionFor(pie(['Draft', 'Sent', 'Approved', 'Declined', 'Expired'], [1, 2, 3, 4, 5])).series as { data: PieItem[] }[];
    const monthly = optionFor({ id: 'm', title: 'Quoted', type: 'stacked-bar', format: 'money', categories: ['Jan 2026'], series: [{ name: 'Open', data: [1] }, { name: 'Approved', data: [2] }, { name: 'Declined or expired', data: [3] }] }).series as Series[];
    const approvedInPie = quotes[0]!.data.find((d) => d.name === 'Approved')!.itemStyle.color;
    expect(monthly[1]!.itemStyle.color).toBe(approvedInPie);
    expect(approvedInPie).toBe(STATUS_COLORS.Approved);
    expect(monthly[2]!.itemStyle.color).not.toBe(STATUS_COLORS.Approved);
    // One series of status categories (invoice aging) is coloured per bar.
    const aging = optionFor({ id: 'a', title: 'Aging', type: 'bar', format: 'money', categories: ['Not yet due', '90+ days'], series: [{ name: 'Balance', data: [5, 6] }] }).series as Series[];
    expect(aging[0]!.data.map((d) => (typeof d === 'number' ? d : d.itemStyle.color))).toEqual([STATUS_COLORS['Not yet due'], STATUS_COLORS['90+ days']]);
  });

  it('lists legends in full (with counts for a donut), and gives every horizontal bar a row', () => {
    expect(legendOf(pie(['Fan Coil Unit', 'Rooftop Unit'], [12, 3])).map((l) => l.name)).toEqual(['Fan Coil Unit: 12', 'Rooftop Unit: 3']);
    const bars = (n: number): ChartData => ({ id: 'b', title: 'By property', type: 'horizontal-bar', format: 'count', categories: Array.from({ length: n }, (_, i) => `Building ${i}`), series: [{ name: 'Assets', data: new Array<number>(n).fill(1) }] });
    expect(legendOf(bars(3))).toEqual([]);
    expect(canvasHeight(bars(3))).toBe(280);
    expect(canvasHeight(bars(20))).toBe(20 * 26 + 40);
    const axis = (optionFor(bars(20)).yAxis as { axisLabel: { interval?: number } }).axisLabel;
    expect(axis.interval).toBe(0);
  });

  it('steps a count axis in whole numbers (no 0.5 projects), a money axis as it likes', () => {
    const chart = (format: ChartData['format']): ChartData => ({ id: 'c', title: 'Per month', type: 'bar', format, categories: ['Jan', 'Feb'], series: [{ name: 'n', data: [1, 2] }] });
    expect((optionFor(chart('count')).yAxis as { minInterval?: number }).minInterval).toBe(1);
    expect((optionFor(chart('money')).yAxis as { minInterval?: number }).minInterval).toBeUndefined();
  });
});

describe('money charts of several customers (issue 39)', () => {
  // As the domain draws Invoicing's "Invoiced and paid per month" for two customers.
  const invoiced: ChartData = {
    id: 'monthly',
    title: 'Invoiced and paid per month',
    type: 'bar',
    format: 'money',
    categories: ['Feb 2026', 'Mar 2026'],
    series: [
      { name: 'Alpha Co: Invoiced', customer: 'Alpha Co', stack: 'Invoiced', data: [10, 100] },
      { name: 'Alpha Co: Paid', customer: 'Alpha Co', stack: 'Paid', data: [10, 0] },
      { name: 'Beta Ltd: Invoiced', customer: 'Beta Ltd', stack: 'Invoiced', data: [0, 40] },
      { name: 'Beta Ltd: Paid', customer: 'Beta Ltd', stack: 'Paid', data: [0, 0] },
    ],
  };
  type Bar = { name: string; stack?: string; itemStyle: { color: string; borderColor?: string } };

  it('stack each measure by customer, one hue per customer, lighter for its later measure', () => {
    const series = optionFor(invoiced).series as Bar[];
    expect(series.map((s) => [s.name, s.stack])).toEqual([
      ['Alpha Co: Invoiced', 'Invoiced'],
      ['Alpha Co: Paid', 'Paid'],
      ['Beta Ltd: Invoiced', 'Invoiced'],
      ['Beta Ltd: Paid', 'Paid'],
    ]);
    const colors = series.map((s) => s.itemStyle.color);
    expect(colors[0]).toBe(CUSTOMER_COLORS[0]);
    expect(colors[2]).toBe(CUSTOMER_COLORS[1]);
    expect(colors[1]).toBe(customerShade(0, 1, 2));
    expect(new Set(colors).size).toBe(4);
    expect(series.every((s) => s.itemStyle.borderColor === '#fff')).toBe(true);
    // A chart of one sum keeps its status colours and stacks as its type says.
    const plain = optionFor({ ...invoiced, series: [{ name: 'Invoiced', data: [1, 2] }, { name: 'Paid', data: [1, 0] }] }).series as Bar[];
    expect(plain.map((s) => [s.stack, s.itemStyle.color])).toEqual([[undefined, STATUS_COLORS.Invoiced], [undefined, STATUS_COLORS.Paid]]);
  });

  it('name the customers in the legend and in what a screen reader hears', () => {
    expect(legendOf(invoiced)).toEqual([
      { name: 'Alpha Co: Invoiced', color: CUSTOMER_COLORS[0] },
      { name: 'Alpha Co: Paid', color: customerShade(0, 1, 2) },
      { name: 'Beta Ltd: Invoiced', color: CUSTOMER_COLORS[1] },
      { name: 'Beta Ltd: Paid', color: customerShade(1, 1, 2) },
    ]);
    // Shown a row per customer, its measures beside its name.
    expect(customerLegend(invoiced)).toEqual([
      { customer: 'Alpha Co', entries: [{ name: 'Invoiced', color: CUSTOMER_COLORS[0] }, { name: 'Paid', color: customerShade(0, 1, 2) }] },
      { customer: 'Beta Ltd', entries: [{ name: 'Invoiced', color: CUSTOMER_COLORS[1] }, { name: 'Paid', color: customerShade(1, 1, 2) }] },
    ]);
    expect(chartLabel(invoiced)).toBe('Invoiced and paid per month, by customer: Alpha Co, Beta Ltd');
    const spend: ChartData = { id: 's', title: 'Spend per month', type: 'stacked-bar', format: 'money', categories: ['Mar 2026'], series: [{ name: 'Alpha Co', customer: 'Alpha Co', stack: 'total', data: [5] }, { name: 'Beta Ltd', customer: 'Beta Ltd', stack: 'total', data: [7] }] };
    expect(legendOf(spend).map((l) => l.color)).toEqual([CUSTOMER_COLORS[0], CUSTOMER_COLORS[1]]);
    expect(customerLegend(spend)).toBeNull();
    expect(customerLegend({ ...spend, series: [{ name: 'Spend', data: [12] }] })).toBeNull();
    expect(chartLabel({ ...invoiced, series: [{ name: 'Invoiced', data: [1, 2] }], customers: 9 })).toBe('Invoiced and paid per month. The sum of 9 customers');
    expect(chartLabel({ ...invoiced, series: [{ name: 'Invoiced', data: [1, 2] }] })).toBe('Invoiced and paid per month');
  });

  it('shade a customer from its full hue to a light one that still differs from white', () => {
    expect(customerShade(0, 0, 3)).toBe('#1565c0');
    expect(customerShade(0, 2, 3)).not.toBe('#ffffff');
    expect(customerShade(1, 0, 1)).toBe('#ef6c00');
    expect(customerShade(6, 0, 1)).toBe(CUSTOMER_COLORS[0]);
  });
});

describe('key figures', () => {
  it('even out the columns so no row holds one figure alone', () => {
    // 970 px fits six of 150 px: seven figures go 4 and 3, not 6 and 1.
    expect(figureColumns(7, 970)).toBe(4);
    expect(figureColumns(7, 1200)).toBe(7);
    expect(figureColumns(6, 970)).toBe(6);
    expect(figureColumns(8, 970)).toBe(4);
    expect(figureColumns(5, 500)).toBe(3);
    expect(figureColumns(1, 100)).toBe(1);
    expect(figureColumns(0, 900)).toBe(1);
  });
});
