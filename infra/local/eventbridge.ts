/**
 * An Amazon EventBridge stand-in: answers the SDK's PutEvents (JSON 1.1, `X-Amz-Target:
 * AWSEvents.PutEvents`) for the portal's own events (lambdas/shared/platform/events.ts) and writes each
 * entry, as the bus would deliver it to a rule's target, to `DATA_DIR/events/<time>-<id>.json`,
 * so handlers put events exactly as they do on AWS and tests read what the provider would get.
 * Anything else is refused with a message.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readJson, replyJson } from './json-service.js';
import { listenLocal } from './ports.js';

export interface LocalEventBridge {
  url: string;
  close(): Promise<void>;
}

const JSON_11 = 'application/x-amz-json-1.1';

/** One event as a rule's target receives it (EventBridge's envelope). */
export interface DeliveredEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
  /** Which bus it was put on (not in EventBridge's envelope: the stand-in's note). */
  eventBusName: string;
}

interface Entry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}

export async function startEventBridge(eventsDir: string, options: { preferredPort?: number; region: string } = { region: 'us-east-1' }): Promise<LocalEventBridge> {
  mkdirSync(eventsDir, { recursive: true });
  const server = createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
        return replyJson(res, 400, { __type: 'ValidationException', message: `The local stack answers only PutEvents, not ${target || req.method}` }, JSON_11);
      }
      const body = (await readJson(req)) as { Entries?: Entry[] };
      const entries = body.Entries ?? [];
      if (entries.length === 0 || entries.length > 10) return replyJson(res, 400, { __type: 'ValidationException', message: 'Entries: 1 to 10 entries.' }, JSON_11);
      const out: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[] = [];
      for (const e of entries) {
        let detail: unknown;
        try {
          detail = JSON.parse(e.Detail ?? '');
        } catch {
          out.push({ ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not valid JSON.' });
          continue;
        }
        if (!e.Source || !e.DetailType || !e.EventBusName) {
          out.push({ ErrorCode: 'InvalidArgument', ErrorMessage: 'Source, DetailType and EventBusName are required.' });
          continue;
        }
        const id = randomUUID();
        const time = new Date(e.Time === undefined ? Date.now() : typeof e.Time === 'number' ? e.Time * 1000 : e.Time).toISOString();
        const event: DeliveredEvent = { version: '0', id, 'detail-type': e.DetailType, source: e.Source, account: '000000000000', time, region: options.region, resources: e.Resources ?? [], detail, eventBusName: e.EventBusName };
        writeFileSync(path.join(eventsDir, `${Date.now()}-${id}.json`), JSON.stringify(event, null, 2) + '\n');
        out.push({ EventId: id });
      }
      replyJson(res, 200, { FailedEntryCount: out.filter((o) => o.ErrorCode).length, Entries: out }, JSON_11);
    })().catch(() => replyJson(res, 500, { __type: 'InternalException', message: 'internal error' }, JSON_11));
  });
  await listenLocal(server, options.preferredPort);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The events the stand-in wrote to `eventsDir`, oldest first (tests, e2e specs). */
export function readEvents(eventsDir: string): DeliveredEvent[] {
  let files: string[] = [];
  try {
    files = readdirSync(eventsDir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(eventsDir, f), 'utf8')) as DeliveredEvent);
}
