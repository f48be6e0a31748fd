import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stackLauncher } from './stack';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, its own port), to stop and start
 * again without disturbing the machine's PostgreSQL or any other test's database.
 */
export interface PostgresServer {
  /** the cluster's `postgres` database, as the superuser `postgres` (trust on loopback) */
  url: string;
  port: number;
  /** `pg_ctl stop` in the given mode (fast: sessions are ended, everything committed is written); resolves once it is down. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's programs (Debian keeps them off the PATH, one folder per version). */
function postgresBin(): string {
  if (process.env['POSTGRES_BIN']) return process.env['POSTGRES_BIN'];
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server programs under ${root} (set POSTGRES_BIN to the folder holding initdb)`);
  return path.join(root, newest, 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` OS user and its
 * programs run through runuser; as anyone else, as that user.
 */
function asClusterOwner(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBin();
  const port = await stackLauncher.freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'qb-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const pgCtl = async (...args: string[]) => {
    const [program, argv] = asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
    try {
      await run(program, argv);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${log}`, { cause: error });
    }
  };
  // what is written is flushed by every clean stop; a crash of this throw-away cluster may lose it
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => pgCtl('-o', settings, '-l', logFile, '-w', '-t', '30', 'start');
  const stop = (mode: 'smart' | 'fast' | 'immediate' = 'fast') => pgCtl('-m', mode, '-w', '-t', '30', 'stop');
  try {
    const [program, argv] = asClusterOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    await run(program, argv);
    await start();
  } catch (error) {
    await stop('immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
