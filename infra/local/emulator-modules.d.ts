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
  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    serverOptions: { port?: number; address?: string };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
