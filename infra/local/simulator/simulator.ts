import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { SimDevice } from './fleet.js';
import { occurrenceAt, type DeviceFaultKind, type ScheduledFault } from './faults.js';
import { FluxError, parseFlux } from './flux.js';
import { firstReportAt, lastReportAt, readingsAt, reportAtOrBefore } from './readings.js';

/**
 * aggregateWindow(every, fn: last, createEmpty: false, timeSrc: "_time"): the device's last report
 * in each window (windows aligned to the epoch, as Flux aligns them) from `from` to `last`.
 */
function windowTimes(d: SimDevice, from: number, last: number, everyMs: number): number[] {
  const times: number[] = [];
  for (let w = Math.floor(from / everyMs) * everyMs; w <= last; w += everyMs) {
    const t = reportAtOrBefore(d, Math.min(w + everyMs - 1, last));
    if (t >= Math.max(w, from)) times.push(t);
  }
  return times;
}

/** A fault the next matching requests meet: a status, a dropped connection, or a delay. */
export interface SimFault {
  on: 'device' | 'query' | 'any';
  times: number;
  status?: number;
  drop?: boolean;
  delayMs?: number;
}

export interface SimulatorOptions {
  apiKey: string;
  /** The devices served: a list, or a function read on every device-list request. */
  fleet: SimDevice[] | (() => Promise<SimDevice[]> | SimDevice[]);
  host?: string;
  port?: number;
  now?: () => number;
  /** Largest page the device list serves (the client asks for 1000). */
  maxPageSize?: number;
  /** Equipment faults played on a schedule from the simulator's start (./faults.ts). */
  faultSchedule?: ScheduledFault[];
  /**
   * Browser specs inject faults over HTTP: PUT /_control/faults/<deviceId> { "kind": "silent" |
   * "warm-supply" } and DELETE /_control/faults/<deviceId>. Off unless set (the stack sets it for
   * the end-to-end specs only, E2E=1); the vendor's API has no such route.
   */
  control?: boolean;
}

export interface Simulator {
  url: string;
  port: number;
  /** Requests received, oldest first (method, path with query, time). */
  requests: { method: string; url: string }[];
  faults: SimFault[];
  /** Equipment faults injected by hand, by device id, until deleted (./faults.ts). */
  deviceFaults: Map<string, DeviceFaultKind>;
  /** Test behaviour: links.next keeps pointing at the same page (a loop), or the page size. */
  behaviour: { loopPaging: boolean; pageSize: number | undefined };
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function keyMatches(header: string | undefined, key: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Starts the telemetry-service simulator: the v3 API the portal's client speaks (bearer key,
 * paged device list with links.next, Flux telemetry queries) over deterministic readings.
 */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const now = opts.now ?? Date.now;
  const fleet = async () => (typeof opts.fleet === 'function' ? await opts.fleet() : opts.fleet);
  const state: Pick<Simulator, 'requests' | 'faults' | 'deviceFaults' | 'behaviour'> = { requests: [], faults: [], deviceFaults: new Map(), behaviour: { loopPaging: false, pageSize: undefined } };
  const epoch = now();
  /** The device's fault at `at`: injected, else scheduled (with when its occurrence began). */
  const faultOf = (deviceId: string, at: number): { kind: DeviceFaultKind; since?: number } | undefined => {
    const injected = state.deviceFaults.get(deviceId);
    if (injected) return { kind: injected };
    for (const f of opts.faultSchedule ?? []) {
      if (f.deviceId !== deviceId) continue;
      const since = occurrenceAt(f, epoch, at);
      if (since !== undefined) return { kind: f.kind, since };
    }
    return undefined;
  };
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    state.requests.push({ method: req.method ?? 'GET', url: url.pathname + url.search });
    if (state.requests.length > 10_000) state.requests.splice(0, 5_000);
    const kind = url.pathname === '/v3/device' ? 'device' : url.pathname === '/v3/telemetry/query' ? 'query' : 'other';
    const fault = state.faults.find((f) => f.times > 0 && (f.on === 'any' || f.on === kind));
    if (fault) {
      fault.times--;
      if (fault.drop) return void req.socket.destroy();
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      // The client may have given up (timeout) or the simulator closed meanwhile.
      if (res.destroyed || req.socket.destroyed) return;
      if (fault.status) return send(res, fault.status, { error: `simulated failure ${fault.status}` });
    }
    const control = /^\/_control\/faults\/([^/]{1,200})$/.exec(url.pathname);
    if (opts.control && control) {
      const deviceId = decodeURIComponent(control[1]!);
      if (req.method === 'DELETE') {
        state.deviceFaults.delete(deviceId);
        return send(res, 200, { deviceId, kind: null });
      }
      if (req.method === 'PUT') {
        let kind: unknown;
        try {
          kind = (JSON.parse((await readBody(req)) || '{}') as { kind?: unknown }).kind;
        } catch {
          kind = undefined;
        }
        if (kind !== 'silent' && kind !== 'warm-supply') return send(res, 400, { error: 'kind must be silent or warm-supply' });
        state.deviceFaults.set(deviceId, kind);
        return send(res, 200, { deviceId, kind });
      }
    }
    if (!keyMatches(req.headers.authorization, opts.apiKey)) return send(res, 401, { error: 'invalid or missing API key' });

    if (req.method === 'GET' && kind === 'device') {
      const limitParam = Number(url.searchParams.get('limit') ?? 100);
      if (!Number.isInteger(limitParam) || limitParam < 1) return send(res, 400, { error: 'limit must be a positive integer' });
      const limit = Math.min(limitParam, state.behaviour.pageSize ?? opts.maxPageSize ?? 1000);
      const cursor = Number(url.searchParams.get('cursor') ?? 0);
      if (!Number.isInteger(cursor) || cursor < 0) return send(res, 400, { error: 'bad cursor' });
      const all = [...(await fleet())].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
      const page = all.slice(cursor, cursor + limit);
      const nextCursor = state.behaviour.loopPaging ? cursor : cursor + limit;
      const next = state.behaviour.loopPaging || nextCursor < all.length ? `${origin}/v3/device?limit=${limitParam}&cursor=${nextCursor}` : null;
      return send(res, 200, {
        data: page.map((d) => ({ deviceId: d.deviceId, equipment: { id: d.equipmentId }, kind: d.kind })),
        links: { next },
      });
    }

    if (req.method === 'POST' && kind === 'query') {
      let text: string;
      try {
        const body = JSON.parse(await readBody(req)) as { query?: unknown };
        if (typeof body.query !== 'string') return send(res, 400, { error: 'query must be a string' });
        text = body.query;
      } catch {
        return send(res, 400, { error: 'the body must be JSON { query }' });
      }
      let q;
      try {
        q = parseFlux(text);
      } catch (err) {
        if (err instanceof FluxError) return send(res, 400, { error: `flux: ${err.message}` });
        throw err;
      }
      const at = now();
      const start = q.startAt ?? at + q.startMs;
      // Nothing from the future: a stop after now is now.
      const stop = q.stopAt === undefined ? at : Math.min(q.stopAt, at);
      const wanted = q.deviceIds ? new Set(q.deviceIds) : undefined;
      const fieldSet = q.fields ? new Set(q.fields) : undefined;
      const rows: { deviceId: string; _time: string; _field: string; _value: number | boolean }[] = [];
      for (const d of await fleet()) {
        if (wanted && !wanted.has(d.deviceId)) continue;
        const fault = faultOf(d.deviceId, at);
        // Silent: nothing since the fault began (injected: nothing at all in the range).
        if (fault?.kind === 'silent' && fault.since === undefined) continue;
        const latest = q.stopAt === undefined ? lastReportAt(d, at) : lastReportAt(d, stop - 1);
        const last = fault?.kind === 'silent' ? Math.min(latest, lastReportAt(d, fault.since!)) : latest;
        const from = Math.max(start, firstReportAt(d));
        if (last < from) continue;
        // first(): the earliest report in the range (once a minute, at the device's offset: the one in [from, from + 1 min)).
        const times = q.last ? [last] : q.first ? [Math.min(reportAtOrBefore(d, from + 59_999), last)] : q.everyMs ? windowTimes(d, from, last, q.everyMs) : Array.from({ length: Math.floor((last - from) / 60_000) + 1 }, (_, i) => last - i * 60_000).reverse();
        for (const t of times) {
          const atT = faultOf(d.deviceId, t);
          // A scheduled silence in the past leaves its gap in the history too.
          if (atT?.kind === 'silent' && !q.last && !q.first) continue;
          const time = new Date(t).toISOString();
          const warm = atT?.kind === 'warm-supply' ? 'warm-supply' : undefined;
          for (const [field, value] of Object.entries(readingsAt(d, t, warm))) {
            if (!fieldSet || fieldSet.has(field)) rows.push({ deviceId: d.deviceId, _time: time, _field: field, _value: value });
          }
        }
      }
      return send(res, 200, { data: rows });
    }
    return send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: err instanceof Error ? err.message : 'internal error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return Object.assign(state, {
    url: origin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
