import type { OwedInvoice } from '../../../lambdas/shared/contract/answers/invoices';
import { paymentLink } from '../../embed/format';
import { invoiceText as t } from './strings';
import { money } from './work-order-text';

/** What Pay several offers for the chosen invoices: the provider's page, or the plain reason it cannot. */
export type PaySeveral = { href: string; text: string; label: string } | { cannot: string };

/**
 * Pay several (issue 43, item 4): the chosen owed invoices on the provider's page paying several at
 * once, its template (import column pay_several_url) with `{numbers}` replaced by their numbers,
 * each URL-encoded, comma-separated, in the order chosen. Only when every chosen invoice names the
 * same template (the same provider's page): otherwise, or when one names none, it says it cannot.
 * Fewer than two chosen: it asks for two. The address must be https, as a single Pay link's.
 */
export function paySeveral(chosen: readonly OwedInvoice[]): PaySeveral {
  if (chosen.length < 2) return { cannot: t.chooseTwo };
  const templates = new Set(chosen.map((i) => i.paySeveralUrl));
  const template = chosen[0]!.paySeveralUrl;
  if (!template || templates.size !== 1) return { cannot: t.cannotPaySeveral };
  const numbers = chosen.map((i) => encodeURIComponent(i.number)).join(',');
  const total = money(Math.round(chosen.reduce((n, i) => n + i.balance, 0) * 100) / 100);
  const link = paymentLink(template.replaceAll('{numbers}', numbers), {});
  if (!link) return { cannot: t.cannotPaySeveral };
  return { href: link.href, text: t.paySeveralButton(chosen.length, total), label: t.paySeveralLabel(chosen.length, total) };
}

/** Whether the provider takes several invoices at once at all (some owed invoice names a page for it). */
export const offersPaySeveral = (owed: readonly OwedInvoice[]) => owed.some((i) => !!i.paySeveralUrl);
