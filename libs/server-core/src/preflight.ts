import { connect } from 'nats';

/** How to start each local dependency on a development machine. */
export const START_HINTS = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  nats: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server',
  redis: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
} as const;

export class DependencyUnreachableError extends Error {}

/** Hides the password of a connection URL for log lines. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export async function assertNatsReachable(url: string): Promise<void> {
  try {
    const connection = await connect({ servers: [url], timeout: 3000, reconnect: false });
    await connection.close();
  } catch (error) {
    throw new DependencyUnreachableError(
      `cannot reach NATS at ${url} (${(error as Error).message || 'no answer'}); start it with: ${START_HINTS.nats}`,
    );
  }
}

export async function assertRedisReachable(url: string): Promise<void> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new DependencyUnreachableError(
      `cannot reach Redis at ${redactUrl(url)} (${(error as Error).message || 'no answer'}); start it with: ${START_HINTS.redis}`,
    );
  } finally {
    redis.disconnect();
  }
}
