import { describe, expect, it } from '@jest/globals';
import type { OwedInvoice } from '../../../lambdas/shared/contract/answers/invoices';
import { offersPaySeveral, paySeveral } from './invoice-text';
import { invoiceText as t } from './strings';

const TEMPLATE = 'https://pay.example.com/pay?invoices={numbers}';
const owed = (number: string, balance: number, paySeveralUrl: string | null = TEMPLATE): OwedInvoice => ({ id: `I-${number}`, number, dueAt: '2026-04-14', balance, status: 'Open', paySeveralUrl });

describe('paySeveral', () => {
  it("fills the provider's template with the chosen numbers, URL-encoded, comma-separated, and names the count and total", () => {
    expect(paySeveral([owed('INV-1', 100.1), owed('INV 2&3', 50.25)])).toEqual({
      href: 'https://pay.example.com/pay?invoices=INV-1,INV%202%263',
      text: 'Pay 2 invoices, $150.35',
      label: 'Pay 2 invoices, $150.35 (opens in a new tab)',
    });
  });
  it('asks for two or more', () => {
    expect(paySeveral([])).toEqual({ cannot: t.chooseTwo });
    expect(paySeveral([owed('INV-1', 1)])).toEqual({ cannot: t.chooseTwo });
  });
  it('says plainly it cannot when one chosen invoice has no such page, or their pages differ', () => {
    expect(paySeveral([owed('INV-1', 1), owed('INV-2', 2, null)])).toEqual({ cannot: t.cannotPaySeveral });
    expect(paySeveral([owed('INV-1', 1, null), owed('INV-2', 2, null)])).toEqual({ cannot: t.cannotPaySeveral });
    expect(paySeveral([owed('INV-1', 1), owed('INV-2', 2, 'https://other.example.com/p?n={numbers}')])).toEqual({ cannot: t.cannotPaySeveral });
  });
  it('never links anywhere but https', () => {
    expect(paySeveral([owed('INV-1', 1, 'http://pay.example.com/{numbers}'), owed('INV-2', 2, 'http://pay.example.com/{numbers}')])).toEqual({ cannot: t.cannotPaySeveral });
  });
});

describe('offersPaySeveral', () => {
  it('is true when some owed invoice names a page paying several', () => {
    expect(offersPaySeveral([owed('INV-1', 1, null), owed('INV-2', 2)])).toBe(true);
    expect(offersPaySeveral([owed('INV-1', 1, null), owed('INV-2', 2, null)])).toBe(false);
    expect(t.noPaySeveral).toMatch(/pay each on its own/);
  });
});
