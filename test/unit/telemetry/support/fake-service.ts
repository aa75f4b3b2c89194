/**
 * A small stand-in for the telemetry service's v3 API on 127.0.0.1 (port 0), for unit tests: bearer
 * key, paged `GET /v3/device` with absolute `links.next`, and `POST /v3/telemetry/query` answering
 * rows for the device ids named in the Flux text. Faults and paging quirks are set per test.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeDevice {
  deviceId: string;
  equipmentId: string | null;
  /** Sent nothing in the last hour: the query answers no rows for it. */
  silent?: boolean;
}

export interface Fault {
  on: 'device' | 'query' | 'any';
  times: number;
  status?: number;
  /** Close the connection without an answer. */
  drop?: boolean;
  delayMs?: number;
}

export interface FakeService {
  url: string;
  requests: { method: string; url: string; authorization: string | undefined; body: string }[];
  faults: Fault[];
  devices: FakeDevice[];
  /** links.next points at the page just served (a loop); or pages of this size whatever the limit. */
  behaviour: { loopPaging: boolean; pageSize: number | undefined };
  /** Time of every sample the query answers. */
  sampleTime: string;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Ids listed in the query's `r.deviceId` filter. */
export function queriedIds(flux: string): string[] {
  const m = /r\.deviceId, set: \[(.*?)\]\)/.exec(flux);
  return m ? (JSON.parse(`[${m[1]}]`) as string[]) : [];
}

export const fleet = (n: number, equipment: (i: number) => string | null = (i) => `E${i}`): FakeDevice[] =>
  Array.from({ length: n }, (_, i) => ({ deviceId: `DEV-${String(i + 1).padStart(5, '0')}`, equipmentId: equipment(i + 1) }));

export async function startFakeService(apiKey: string, devices: FakeDevice[]): Promise<FakeService> {
  let origin = '';
  const sockets = new Set<Socket>();
  const state: FakeService = {
    url: '',
    requests: [],
    faults: [],
    devices,
    behaviour: { loopPaging: false, pageSize: undefined },
    sampleTime: new Date().toISOString(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', origin);
    state.requests.push({ method: req.method ?? '', url: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
    const kind = url.pathname === '/v3/device' ? 'device' : url.pathname === '/v3/telemetry/query' ? 'query' : 'other';
    const fault = state.faults.find((f) => f.times > 0 && (f.on === 'any' || f.on === kind));
    if (fault) {
      fault.times--;
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.drop) return void req.socket.destroy();
      if (fault.status) return send(res, fault.status, { message: 'fault' });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { message: 'unauthorized' });
    if (req.method === 'GET' && kind === 'device') {
      const size = state.behaviour.pageSize ?? Number(url.searchParams.get('limit') ?? 1000);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = state.devices.slice(start, start + size);
      const nextUrl = new URL(url);
      nextUrl.searchParams.set('cursor', String(start + size));
      const next = state.behaviour.loopPaging ? url.toString() : start + size < state.devices.length ? nextUrl.toString() : null;
      return send(res, 200, {
        data: page.map((d) => ({ deviceId: d.deviceId, equipment: d.equipmentId === null ? null : { id: d.equipmentId } })),
        links: { next },
      });
    }
    if (req.method === 'POST' && kind === 'query') {
      const ids = new Set(queriedIds((JSON.parse(body) as { query: string }).query));
      const rows = state.devices
        .filter((d) => ids.has(d.deviceId) && !d.silent)
        .flatMap((d) => [
          { deviceId: d.deviceId, _time: state.sampleTime, _field: 'amps-1', _value: 12.5 },
          { deviceId: d.deviceId, _time: state.sampleTime, _field: 'callForCool', _value: true },
        ]);
      return send(res, 200, { data: rows });
    }
    send(res, 404, { message: 'not found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = origin;
  return state;
}
