/**
 * Issue 43: the import kinds of a work order's details, beside ./import-kinds.ts (which lists them
 * after the report datasets and lends them its row helpers):
 * - `work-order-notes`: the technician's notes, one row per note;
 * - `work-order-lines`: the parts and labour lines, one row per line;
 * - `work-order-photos`: the before and after photos, one row per photo (a file beside the CSV or
 *   an object under `work-orders/<property>/` of the documents bucket);
 * - `work-order-reports`: the signed service report, a PDF beside the CSV (./import-files.ts reads
 *   and checks the files of these two before the import's first write).
 * Each row names its work order (work_order_id and property_id, a work order in the tables or in
 * the files before it). A file's rows of one work order become that work order's notes (or lines)
 * in its report-rows partition (datasets `note` and `line`, one row per work order,
 * lambdas/shared/data/report-rows/rows.ts; photos: `photo`): they replace the notes (or lines,
 * photos) an earlier import gave that work order, and leave the other work orders' alone.
 * - `quote-lines` (issue 43, item 3): a quote's lines, one row per line, in the work order lines'
 * model (description, quantity, unit_price) without their parts/labour kind, each `optional`
 * (the customer may tick it) or of an `option` (Good, Better, Best...: the customer chooses one) or
 * neither (always in). Each row names its quote (quote_id and property_id); a file's rows of a quote
 * replace its lines (dataset `qline`), in the file's order (their ids L1, L2, ... follow it).
 */
import { z } from 'zod';
import type { ImportKind, KindDef, Reference } from './import-kinds.js';

/** The helpers of ./import-kinds.ts these kinds are written with. */
export interface KindHelpers {
  kind<S extends z.ZodType<Record<string, unknown>>>(def: KindDef<S>): ImportKind;
  id: z.ZodType<string, string>;
  when: z.ZodType<string, string>;
  money: z.ZodType<number, string>;
  oneOf<T extends string>(values: readonly T[]): z.ZodType<T, string>;
  workOrderRef(id: string, propertyId: string): Reference;
}

/** At most this many characters of a photo's caption (its alt text). */
export const CAPTION_MAX = 300;
/** The quote a quote line names, in the tables or in the files before it. */
const quoteRef = (quoteId: string, propertyId: string): Reference => ({ column: 'quote_id', kind: 'quote', id: quoteId, propertyId });

/** yes/no (also true/false, 1/0, any case); empty: no. */
const yesNo = z
  .string()
  .trim()
  .default('')
  .refine((s) => /^(|yes|no|true|false|1|0|y|n)$/i.test(s), 'must be yes or no (or empty: no)')
  .transform((s) => /^(yes|true|1|y)$/i.test(s));

/** At most this many characters of an option's label (Good, Better, Best). */
export const OPTION_MAX = 40;

/** At most this many characters of a note's text. */
export const NOTE_TEXT_MAX = 4000;

/** An optional text of at most `max` characters ('' when absent). */
const optional = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).default('');

/** A quantity: a positive number with up to 3 decimals (hours 1.5, parts 2). */
const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,3})?$/, 'must be a positive number such as 2 or 1.5')
  .transform(Number)
  .refine((n) => n > 0, 'must be more than 0');

export function workOrderDetailKinds({ kind, id, when, money, oneOf, workOrderRef }: KindHelpers): ImportKind[] {
  return [
    kind({
      flag: 'work-order-notes',
      description: 'work_order_id,property_id,at,author,text',
      required: 'work_order_id,property_id,at,author,text',
      row: z.object({
        work_order_id: id,
        property_id: id,
        at: when,
        author: id,
        text: z.string().trim().min(1, 'is required').max(NOTE_TEXT_MAX, `must be at most ${NOTE_TEXT_MAX} characters`),
      }),
      refs: (r) => [workOrderRef(r.work_order_id, r.property_id)],
      target: (r) => ({ table: 'reportRows', item: { dataset: 'note', id: r.work_order_id, propertyId: r.property_id, notes: [{ at: r.at, author: r.author, text: r.text }] } }),
    }),
    kind({
      flag: 'work-order-lines',
      description: 'work_order_id,property_id,kind,description,quantity,unit_price',
      required: 'work_order_id,property_id,kind,description,quantity,unit_price',
      row: z.object({
        work_order_id: id,
        property_id: id,
        kind: oneOf(['parts', 'labour'] as const),
        description: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
        quantity,
        unit_price: money,
      }),
      refs: (r) => [workOrderRef(r.work_order_id, r.property_id)],
      target: (r) => ({
        table: 'reportRows',
        item: { dataset: 'line', id: r.work_order_id, propertyId: r.property_id, lines: [{ kind: r.kind, description: r.description, quantity: r.quantity, unitPrice: r.unit_price }] },
      }),
    }),
    kind({
      flag: 'work-order-photos',
      description: 'work_order_id,property_id,stage,file,key,caption',
      required: 'work_order_id,property_id,stage',
      row: z
        .object({
          work_order_id: id,
          property_id: id,
          stage: oneOf(['before', 'after'] as const),
          file: optional(1000),
          key: optional(1024),
          caption: optional(CAPTION_MAX),
        })
        .superRefine((r, ctx) => {
          if (Boolean(r.file) === Boolean(r.key)) ctx.addIssue({ code: 'custom', path: [r.file ? 'key' : 'file'], message: r.file ? 'must be empty when file is given (one of them)' : 'or key is required (one of them)' });
        }),
      refs: (r) => [workOrderRef(r.work_order_id, r.property_id)],
      target: (r) => ({
        table: 'photos',
        workOrderId: r.work_order_id,
        propertyId: r.property_id,
        stage: r.stage,
        caption: r.caption,
        source: r.file ? { file: r.file } : { key: r.key },
      }),
    }),
    kind({
      flag: 'work-order-reports',
      description: 'work_order_id,property_id,file',
      required: 'work_order_id,property_id,file',
      row: z.object({ work_order_id: id, property_id: id, file: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters') }),
      refs: (r) => [workOrderRef(r.work_order_id, r.property_id)],
      target: (r) => ({ table: 'reports', workOrderId: r.work_order_id, propertyId: r.property_id, file: r.file }),
    }),
    kind({
      flag: 'quote-lines',
      description: 'quote_id,property_id,description,quantity,unit_price,optional,option',
      required: 'quote_id,property_id,description,quantity,unit_price',
      row: z
        .object({
          quote_id: id,
          property_id: id,
          description: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
          quantity,
          unit_price: money,
          optional: yesNo,
          option: z.string().trim().max(OPTION_MAX, `must be at most ${OPTION_MAX} characters`).default(''),
        })
        .superRefine((r, ctx) => {
          if (r.optional && r.option) ctx.addIssue({ code: 'custom', path: ['option'], message: 'must be empty on an optional line: a line is optional or in an option, not both' });
        }),
      refs: (r) => [quoteRef(r.quote_id, r.property_id)],
      target: (r) => ({
        table: 'reportRows',
        item: {
          dataset: 'qline',
          id: r.quote_id,
          propertyId: r.property_id,
          lines: [{ description: r.description, quantity: r.quantity, unitPrice: r.unit_price, ...(r.optional ? { optional: true as const } : {}), ...(r.option ? { option: r.option } : {}) }],
        },
      }),
    }),
  ];
}
