import { isUUID } from 'class-validator';
import { type DataSource, EntityManager, QueryFailedError, type QueryRunner, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { appError } from './app-error';
import { driverPoolOf } from './driver-pool';
import { inlineParameters } from './sql-literals';

/**
 * The setting the tables' row-level security policies read:
 * `tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`. Unset (or reset to '' after a
 * transaction), the policies match no row at all.
 */
export const TENANT_SETTING = 'app.tenant_id';

/** The statement that sets the tenant for the rest of its transaction; a UUID (checked first) is safe as a literal. */
const setTenant = (tenantId: string) => `SELECT set_config('${TENANT_SETTING}', '${tenantId}', true)`;

function requireTenantId(tenantId: string): void {
  // the policies cast the setting to uuid: anything else would fail inside the transaction instead
  if (typeof tenantId !== 'string' || !isUUID(tenantId)) throw appError('VALIDATION_FAILED', ['tenantId must be a UUID']);
}

/** What a tenant query must be: anything else (a callback, a query object) would bypass the statements sent first. */
const TENANT_QUERY_SHAPE = 'A tenant query is text with an array of values';

type Query = (text: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;
interface PgConnection {
  query: Query;
}
/** Sends text with its values and answers the result, as pg's own query() does. */
type Send = (text: string, values?: unknown[]) => Promise<unknown>;

/**
 * Runs `work` on one pooled connection, whose queries go through `sending(direct)` instead of straight
 * to pg (`direct`). They must be what TypeORM sends: text and an array of values.
 */
async function onConnection<T>(dataSource: DataSource, sending: (direct: Send) => Send, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const connection = (await runner.connect()) as PgConnection;
  const pgQuery = connection.query;
  const direct: Send = (text, values) => pgQuery.call(connection, text, values);
  const send = sending(direct);
  connection.query = (text: unknown, values?: unknown, ...rest: unknown[]): Promise<unknown> => {
    // a callback or a query object would bypass what this connection must send first
    if (typeof text !== 'string' || rest.length > 0 || !(values === undefined || Array.isArray(values))) {
      return Promise.reject(new Error(TENANT_QUERY_SHAPE));
    }
    return send(text, values);
  };
  try {
    return await work(runner);
  } finally {
    // the connection goes back to the pool as pg made it
    delete (connection as Partial<PgConnection>).query;
    if (connection.query !== pgQuery) connection.query = pgQuery;
    await runner.release();
  }
}

/** Between two statements of one simple-protocol message; the line break first ends a statement's closing line comment. */
const STATEMENT_SEPARATOR = '\n;\n';
/** Statements as one simple-protocol message. */
const inOneMessage = (statements: readonly string[]) => statements.join(STATEMENT_SEPARATOR);

/** What a read's messages open with (readTenant), before the tenant's setting: a read-only snapshot. */
const READ_ONLY_SNAPSHOT = 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY';

/** Results of a simple-protocol message of several statements: one per statement. */
function resultsOf(reply: unknown, statements: number): unknown[] {
  const results = Array.isArray(reply) ? reply : [reply];
  if (results.length !== statements) throw new Error('Each query of tenant work must be one statement');
  return results;
}

/**
 * Runs `work` in one transaction in which the database sees only the rows of `tenantId`. The setting is
 * local to the transaction (`set_config(..., true)`), so a pooled connection never carries one tenant
 * into the next request. The transaction opens with the work's first query, in the same round trip.
 * Every write of tenant data goes through here; queries still filter by tenant_id themselves, row-level
 * security is what catches a forgotten filter.
 */
export async function withTenant<T>(
  dataSource: DataSource,
  tenantId: string,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  requireTenantId(tenantId);
  let opened = false;
  const opening = ['START TRANSACTION', setTenant(tenantId)];
  // the first query carries the statements that open the transaction; the others go as they are
  const sending = (direct: Send): Send => {
    const send: Send = (text, values) => {
      if (opened) return direct(text, values);
      // a statement that cannot be inlined is refused before anything opens: the next query opens the transaction
      const statement = inlineParameters(text, values ?? []);
      opened = true;
      return direct(inOneMessage([...opening, statement])).then((reply) => resultsOf(reply, opening.length + 1)[opening.length]);
    };
    // Queries started together (Promise.all) go one after another: a connection runs one query at a
    // time, and pg deprecates queueing them itself (pg 9 will refuse it). The first still opens the
    // transaction, whichever order the work started them in.
    let last: Promise<unknown> = Promise.resolve();
    return (text, values) => {
      const next = last.then(
        () => send(text, values),
        () => send(text, values),
      );
      last = next.catch(() => undefined);
      return next;
    };
  };
  return onConnection(dataSource, sending, async (runner) => {
    // What TypeORM's own transaction would hold: writes inside `work` then join this transaction.
    const transaction = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
    transaction.isTransactionActive = true;
    transaction.transactionDepth = 1;
    try {
      const result = await work(runner.manager);
      if (opened) await runner.commitTransaction();
      return result;
    } catch (error) {
      if (opened && runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      transaction.isTransactionActive = false;
      transaction.transactionDepth = 0;
    }
  });
}

/** A pooled connection of node-postgres, as its pool lends it. */
export interface PooledClient {
  query(text: string): Promise<unknown>;
  /** with an error, the pool drops the connection instead of keeping it */
  release(error?: Error): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/** The data source's node-postgres pool (driverPoolOf), which a read's messages take connections from. */
function poolOf(dataSource: DataSource): { connect(): Promise<PooledClient> } {
  const pool = driverPoolOf(dataSource) as { connect?: unknown } | undefined;
  if (typeof pool?.connect !== 'function') throw new Error('A tenant read needs the PostgreSQL pool of a connected data source');
  return pool as { connect(): Promise<PooledClient> };
}

/**
 * One message on a connection lent by the pool for its round trip only, and given back as TypeORM's
 * query runner gives it back (a failed statement leaves the connection usable; the pool drops one
 * that broke). While it is lent, the pool does not listen to it: an error that reaches it outside its
 * query (the server ending the session just after the answer, in the same packet: a restart) is
 * heard here, and the connection is given back to be dropped, rather than left to end the process
 * as an unheard 'error' event.
 */
export async function sendOnPool(pool: { connect(): Promise<PooledClient> }, text: string): Promise<unknown> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const hear = (error: Error) => {
    broken ??= error;
  };
  client.on('error', hear);
  try {
    return await client.query(text);
  } finally {
    client.removeListener('error', hear);
    client.release(broken);
  }
}

/** What pg answers for one statement. */
interface StatementResult {
  command?: string;
  rows?: unknown[];
  rowCount?: number | null;
}

/**
 * The manager a read's work is given. Its query() sends the statement with the read's messages
 * straight away and answers as EntityManager.query() does (the rows; a failure as a
 * QueryFailedError): TypeORM's query runner, its connection hold and its per-query steps are not
 * made for the reads most calls are. Anything else a work asks of it (find, a query builder) runs on
 * a query runner made the first time, whose queries go the same way: EntityManager sends its own
 * queries through its `queryRunner`, provided here when first read.
 */
class TenantReadManager extends EntityManager {
  private runner?: QueryRunner;
  private ended = false;

  constructor(
    dataSource: DataSource,
    private readonly read: Send,
  ) {
    super(dataSource);
  }

  override query<T = unknown>(text: string, parameters?: unknown[]): Promise<T> {
    if (this.ended) return Promise.reject(new QueryRunnerAlreadyReleasedError());
    return this.send(text, parameters).then(
      (result) => {
        const { command, rows, rowCount } = (result ?? {}) as StatementResult;
        // as TypeORM's PostgresQueryRunner answers a statement (the reads' write statements only fail)
        return (command === 'DELETE' || command === 'UPDATE' ? [rows, rowCount] : rows) as T;
      },
      (failure: unknown) => Promise.reject(new QueryFailedError(text, parameters, failure as Error)),
    );
  }

  /** Ends the read: a query sent through this manager afterwards (work left running) is refused. */
  end(): void {
    this.ended = true;
    void this.runner?.release();
  }

  private send(text: unknown, parameters: unknown): Promise<unknown> {
    if (this.ended) return Promise.reject(new QueryRunnerAlreadyReleasedError());
    // a callback or a query object would bypass the statements the read's messages open with
    if (typeof text !== 'string' || !(parameters === undefined || Array.isArray(parameters))) {
      return Promise.reject(new Error(TENANT_QUERY_SHAPE));
    }
    return this.read(text, parameters);
  }

  private runnerOfRead(): QueryRunner {
    if (this.runner) return this.runner;
    const runner = this.connection.createQueryRunner();
    // a callback after the values is refused as send() refuses any other shape
    const connection = {
      query: (text: unknown, values?: unknown, ...rest: unknown[]) => (rest.length > 0 ? Promise.reject(new Error(TENANT_QUERY_SHAPE)) : this.send(text, values)),
    };
    // its queries ask connect() for the connection they are sent on (PostgresQueryRunner.query): the read's
    runner.connect = () => Promise.resolve(connection);
    this.runner = runner;
    // asked for once the read has ended (work left running): refuses every query, as a released runner does
    if (this.ended) void runner.release();
    return runner;
  }
}

// EntityManager sends its own queries through `queryRunner`, which TypeORM sets on a manager only when
// given one: read from the prototype, a read's manager is made without a property of its own (a getter
// defined on each instance gave each one a shape of its own, slow to make and to use)
Object.defineProperty(TenantReadManager.prototype, 'queryRunner', {
  get(this: TenantReadManager) {
    return this['runnerOfRead']();
  },
  enumerable: true,
  configurable: true,
});

/**
 * Runs `work`, which only reads, seeing only the rows of `tenantId`: its queries travel in one round
 * trip with the statements that make them a read-only transaction of that tenant
 * (`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; set_config(..., true); query; …`, one
 * implicit transaction). Queries started together (`Promise.all`) share one message, so independent
 * reads cost one round trip; each must be a single statement. The statements of one message see one
 * snapshot of the database (a read-only transaction never fails for it), so reads started together
 * agree with each other; a write, or a locking read, is refused by the database. Each message is
 * its own transaction, so no connection is held between them: each takes one from the pool for its
 * round trip.
 */
export async function readTenant<T>(
  dataSource: DataSource,
  tenantId: string,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  requireTenantId(tenantId);
  const pool = poolOf(dataSource);
  const leadStatements = [READ_ONLY_SNAPSHOT, setTenant(tenantId)];
  const lead = inOneMessage(leadStatements);
  let batch: { statement: string; resolve: (result: unknown) => void; reject: (error: unknown) => void }[] | null = null;
  const flush = () => {
    const queued = batch ?? [];
    batch = null;
    let message = lead;
    for (const query of queued) message += `${STATEMENT_SEPARATOR}${query.statement}`;
    sendOnPool(pool, message)
      .then((reply) => resultsOf(reply, leadStatements.length + queued.length).slice(leadStatements.length))
      .then(
        (results) => queued.forEach((query, index) => query.resolve(results[index])),
        (error: unknown) => queued.forEach((query) => query.reject(error)),
      );
  };
  const read: Send = (text, values) =>
    new Promise((resolve, reject) => {
      const statement = inlineParameters(text, values ?? []);
      if (batch === null) {
        batch = [];
        setImmediate(flush);
      }
      batch.push({ statement, resolve, reject });
    });
  const manager = new TenantReadManager(dataSource, read);
  try {
    return await work(manager);
  } finally {
    manager.end();
  }
}
