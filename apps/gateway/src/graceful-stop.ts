import type { Server, ServerResponse } from 'node:http';

/** The requests an HTTP server has taken and not answered, and how it stops without dropping one. */
export interface HttpRequestsInFlight {
  readonly count: number;
  /**
   * Takes no new connection, answers every request already taken and closes each keep-alive
   * connection as soon as it is idle. True once every connection has ended; false when `graceMs`
   * passed first, and the connections still open were cut.
   */
  finish(graceMs: number): Promise<boolean>;
}

/**
 * Follows `server`'s requests from now on. Node's `server.close()` stops listening and closes the
 * connections idle at that moment, but a keep-alive connection busy then stays open after its answer
 * until its keep-alive timeout: every request taken from then on is answered with `Connection: close`,
 * and a connection whose answer had already begun is closed once it falls idle.
 */
export function followRequests(server: Server): HttpRequestsInFlight {
  const open = new Set<ServerResponse>();
  let finishing = false;
  // before Express's listener, which may answer (and send the headers) before this one would run
  server.prependListener('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
    if (finishing) response.setHeader('Connection', 'close');
  });
  const closeWhenIdle = () => setImmediate(() => server.closeIdleConnections());

  return {
    get count() {
      return open.size;
    },
    async finish(graceMs) {
      finishing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const response of open) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
        else response.once('finish', closeWhenIdle);
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
      try {
        const answered = await Promise.race([closed.then(() => true as const), late]);
        if (!answered) server.closeAllConnections();
        return answered;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
