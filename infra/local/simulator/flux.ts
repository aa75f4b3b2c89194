/** The subset of Flux the simulator understands: what the portal's client sends, nothing more. */
export interface FluxQuery {
  bucket: string;
  /** Range start relative to now, in milliseconds (negative); NaN when the start is a time (`startAt`). */
  startMs: number;
  /** Range start and stop as epoch ms, when the query gives them as RFC 3339 times. */
  startAt?: number;
  stopAt?: number;
  /** aggregateWindow(every: ..., fn: last): the last point of each window this long, in ms. */
  everyMs?: number;
  /** Only these devices (undefined: every device). */
  deviceIds: string[] | undefined;
  /** Only these fields (undefined: every field). */
  fields: string[] | undefined;
  /** Reduce to the latest point per series (last()). */
  last: boolean;
  /** Reduce to the earliest point per series (first()). */
  first?: boolean;
}

export class FluxError extends Error {}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** An RFC 3339 time literal in UTC (2026-11-01T00:00:00Z). */
const TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z`;

function parseStrings(list: string): string[] {
  const out: string[] = [];
  const re = new RegExp(STRING, 'g');
  const rest = list.replace(re, (s) => {
    out.push(JSON.parse(s) as string);
    return '';
  });
  if (rest.replace(/[\s,]/g, '') !== '') throw new FluxError(`unsupported list: [${list}]`);
  return out;
}

/** Parses one predicate on a column: contains(value: r.col, set: [...]) or r.col == "a" or r.col == "b". */
function parsePredicate(body: string): { column: string; values: string[] } {
  const contains = new RegExp(String.raw`^contains\(\s*value:\s*r\.(\w+)\s*,\s*set:\s*\[([\s\S]*)\]\s*\)$`).exec(body);
  if (contains) return { column: contains[1]!, values: parseStrings(contains[2]!) };
  const terms = body.split(/\s+or\s+/);
  let column: string | undefined;
  const values: string[] = [];
  for (const term of terms) {
    const m = new RegExp(String.raw`^\(?\s*r\.(\w+)\s*==\s*(${STRING})\s*\)?$`).exec(term.trim());
    if (!m || (column && column !== m[1])) throw new FluxError(`unsupported filter: ${body}`);
    column = m[1]!;
    values.push(JSON.parse(m[2]!) as string);
  }
  return { column: column!, values };
}

/** Parses the query text; throws FluxError naming the part it does not understand. */
export function parseFlux(text: string): FluxQuery {
  const stages = text
    .split('|>')
    .map((s) => s.trim())
    .filter(Boolean);
  const from = /^from\(\s*bucket:\s*"([^"]+)"\s*\)$/.exec(stages.shift() ?? '');
  if (!from) throw new FluxError('the query must start with from(bucket: "...")');
  const q: FluxQuery = { bucket: from[1]!, startMs: NaN, deviceIds: undefined, fields: undefined, last: false };
  for (const stage of stages) {
    let m: RegExpExecArray | null;
    if ((m = /^range\(\s*start:\s*-(\d+)([smhd])\s*(?:,\s*stop:\s*now\(\)\s*)?\)$/.exec(stage))) {
      q.startMs = -Number(m[1]) * UNIT_MS[m[2]!]!;
    } else if ((m = new RegExp(String.raw`^range\(\s*start:\s*(${TIME})\s*,\s*stop:\s*(${TIME})\s*\)$`).exec(stage))) {
      q.startAt = Date.parse(m[1]!);
      q.stopAt = Date.parse(m[2]!);
      if (!(q.startAt < q.stopAt)) throw new FluxError(`range stop must be after its start: ${stage}`);
    } else if ((m = /^filter\(\s*fn:\s*\(r\)\s*=>\s*([\s\S]+)\)$/.exec(stage))) {
      const { column, values } = parsePredicate(m[1]!.trim());
      if (column === 'deviceId') q.deviceIds = values;
      else if (column === '_field') q.fields = values;
      else if (column !== '_measurement') throw new FluxError(`unsupported filter column: ${column}`);
    } else if ((m = /^aggregateWindow\(\s*every:\s*(\d+)([smh])\s*,\s*fn:\s*last\b[^)]*\)$/.exec(stage))) {
      q.everyMs = Number(m[1]) * UNIT_MS[m[2]!]!;
      if (q.everyMs < 60_000) throw new FluxError(`windows shorter than the devices' minute: ${stage}`);
    } else if (/^last\(\s*\)$/.test(stage)) {
      q.last = true;
    } else if (/^first\(\s*\)$/.test(stage)) {
      q.first = true;
    } else {
      throw new FluxError(`unsupported stage: ${stage.slice(0, 80)}`);
    }
  }
  if (Number.isNaN(q.startMs) && q.startAt === undefined) throw new FluxError('the query needs range(start: -<duration>)');
  return q;
}
