// Checks that PostgreSQL, NATS and Redis answer before anything is started; prints one line and
// exits when one does not.
import net from 'node:net';

export const START_HINTS = {
  PostgreSQL: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  NATS: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server',
  Redis: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
};

function canConnect(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort), timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Resolves when all three answer; otherwise prints one line per missing service and exits 1. */
export async function assertDependencies({ databaseUrl, natsUrl, redisUrl }) {
  const checks = [
    ['PostgreSQL', databaseUrl, 5432],
    ['NATS', natsUrl, 4222],
    ['Redis', redisUrl, 6379],
  ];
  const results = await Promise.all(checks.map(([, url, port]) => canConnect(url, port)));
  const missing = checks.filter((_, index) => !results[index]);
  if (missing.length === 0) return;
  for (const [name, url] of missing) {
    console.error(`${name} is not reachable at ${redact(url)}: start it with: ${START_HINTS[name]}`);
  }
  process.exit(1);
}
