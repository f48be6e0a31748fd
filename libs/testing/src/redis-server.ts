import { type ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { stackLauncher } from './stack';

/** A Redis of a test's own (Debian's redis-server, nothing kept on disk), to stop without disturbing anything else. */
export interface RedisServer {
  url: string;
  port: number;
  /** Ends it at once, as a crash would (SIGKILL); resolves once it is gone. */
  stop(): Promise<void>;
}

export async function startRedisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await stackLauncher.freePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const probe = new Redis(chosen, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (up) return { url: `redis://127.0.0.1:${chosen}`, port: chosen, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`redis-server did not start on port ${chosen}`);
}
