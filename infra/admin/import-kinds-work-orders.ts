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
  ];
}
