import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stackLauncher } from './stack';

/** Debian's nats-server, the binary the machine's own NATS runs from. */
const NATS_SERVER = process.env['NATS_SERVER_BIN'] ?? '/usr/sbin/nats-server';

/**
 * A NATS server with JetStream of a test's own (its store in a temporary folder), to stop and start
 * again without disturbing the machine's NATS or any other test's stack.
 */
export interface NatsServer {
  url: string;
  port: number;
  /** Stops it (SIGTERM: nats-server closes its clients' connections; SIGKILL: as a crash would); resolves once it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port with the same JetStream store; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its store. */
  destroy(): Promise<void>;
}

/** Resolves when something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startNatsServer(): Promise<NatsServer> {
  const port = await stackLauncher.freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'qb-nats-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    child = started;
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code, signal) => reject(new Error(`nats-server on port ${port} exited (${signal ?? code}) before it listened`))),
    );
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port), exited]);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child) await stopChild(child, signal);
  };
  try {
    await start();
  } catch (error) {
    await stop('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async destroy() {
      await stop('SIGKILL');
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
