/** The emulators ship no type declarations: the little of them the local stack uses. */
declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    allowMismatchedSignatures?: boolean;
  }
  /** A Koa application: an EventEmitter, emitting `event` with S3 event records for each object written or removed. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    on(name: 'event', listener: (e: { Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }[] }) => void): this;
    off(name: 'event', listener: (e: { Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }[] }) => void): this;
    httpServer?: Server;
    serverOptions: { port?: number; address?: string };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
