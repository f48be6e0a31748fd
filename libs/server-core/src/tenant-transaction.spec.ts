import { EventEmitter } from 'node:events';
import { type PooledClient, sendOnPool } from './tenant-transaction';

/** A lent connection whose query answers `rows`, after the server ended its session (`ended`) if given. */
function lentConnection(rows: unknown, ended?: Error) {
  const client = Object.assign(new EventEmitter(), {
    query: jest.fn(async () => {
      // what pg does with a message after the query's own answer: no query is active, so it is emitted
      if (ended) client.emit('error', ended);
      return rows;
    }),
    release: jest.fn(),
  });
  return { client, pool: { connect: async () => client as unknown as PooledClient } };
}

describe(sendOnPool.name, () => {
  it("answers the query and gives the connection back to be kept", async () => {
    const { client, pool } = lentConnection(['row']);
    await expect(sendOnPool(pool, 'SELECT 1')).resolves.toEqual(['row']);
    expect(client.release).toHaveBeenCalledWith(undefined);
    expect(client.listenerCount('error')).toBe(0);
  });

  it('hears a session ended outside its query (a restart): the answer stands, the connection is given back to be dropped, nothing is thrown', async () => {
    const ended = new Error('terminating connection due to administrator command');
    const { client, pool } = lentConnection(['row'], ended);
    await expect(sendOnPool(pool, 'SELECT 1')).resolves.toEqual(['row']);
    expect(client.release).toHaveBeenCalledWith(ended);
    expect(client.listenerCount('error')).toBe(0);
  });
});
