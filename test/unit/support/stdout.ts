/** What a function writes: EMF records and log lines are JSON lines on stdout and stderr. */

/** Every JSON line written to stdout and stderr while `fn` runs. */
export async function linesOf(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const writes = streams.map((s) => s.write.bind(s));
  for (const s of streams) s.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof s.write;
  try {
    await fn();
  } finally {
    streams.forEach((s, i) => (s.write = writes[i]!));
  }
  return out
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The EMF records among the lines (those with `_aws`). */
export const emfOf = (lines: Record<string, unknown>[]) => lines.filter((l) => l._aws) as EmfRecord[];

export interface EmfRecord extends Record<string, unknown> {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
}
