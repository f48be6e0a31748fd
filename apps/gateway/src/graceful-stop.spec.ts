import { Agent, createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { followRequests } from './graceful-stop';

/**
 * A plain HTTP server: `/now` is answered at once, `/held` once the test releases it, `/streamed`
 * sends its headers and a first part at once and ends once released. Its keep-alive timeout is far
 * longer than a test, so a connection left open would keep it from closing.
 */
function heldServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const heldTaken = new Promise<void>((resolve) => (taken = resolve));
  const server = createServer((request, response) => {
    if (request.url === '/now') return void response.end('now');
    taken();
    if (request.url === '/streamed') response.write('first part, ');
    void released.then(() => response.end('answered'));
  });
  server.keepAliveTimeout = 60_000;
  return { server, heldTaken, release };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

/** A GET over `agent`: the answer's status, `Connection` header and body, or the socket's error code. */
function getOver(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection, body }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    }).on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe(followRequests.name, () => {
  let held: ReturnType<typeof heldServer>;
  let agent: Agent;

  beforeEach(() => {
    held = heldServer();
    agent = new Agent({ keepAlive: true });
  });

  afterEach(async () => {
    held.release();
    agent.destroy();
    held.server.closeAllConnections();
    if (held.server.listening) await new Promise((resolve) => held.server.close(resolve));
  });

  it.each(['/held', '/streamed'])(
    'takes no new connection, answers the request it took on %s, and is done once every connection has ended',
    async (path) => {
      const sut = followRequests(held.server);
      const port = await listen(held.server);
      // a keep-alive connection left idle, and one with a request in flight
      expect(await getOver(agent, port, '/now')).toMatchObject({ status: 200, connection: 'keep-alive' });
      const inFlight = getOver(new Agent({ keepAlive: true }), port, path);
      await held.heldTaken;
      expect(sut.count).toBe(1);

      let done: boolean | undefined;
      const finishing = sut.finish(60_000).then((answered) => (done = answered));
      expect(await refusesConnections(port)).toBe(true);
      expect(done).toBeUndefined();

      held.release();
      const answer = await inFlight;
      expect(answer).toMatchObject({ status: 200, body: path === '/held' ? 'answered' : 'first part, answered' });
      // headers not sent yet when the stop came: the answer says the connection ends with it
      if (path === '/held') expect(answer.connection).toBe('close');
      expect(await finishing).toBe(true);
      expect(sut.count).toBe(0);
    },
  );

  it('cuts the connections still open once the grace time is over', async () => {
    const sut = followRequests(held.server);
    const port = await listen(held.server);
    const inFlight = getOver(new Agent({ keepAlive: true }), port, '/held');
    await held.heldTaken;

    expect(await sut.finish(100)).toBe(false);
    expect(await inFlight).toEqual({ error: 'ECONNRESET' });
  });
});
