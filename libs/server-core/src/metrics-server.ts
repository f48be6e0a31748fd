import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectProcessMetrics, DEFAULT_METRICS_PORTS, METRICS_PATH, renderMetrics } from './metrics';

export interface MetricsServer {
  /** the port it listens on (the one given, or the one the system chose for 0 in tests) */
  port: number;
  close(): Promise<void>;
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/**
 * A plain HTTP server that answers `GET /metrics` (and HEAD) with the process's metrics and 404 to
 * anything else. It is a port of its own, apart from the API the gateway serves, so that the metrics
 * are reached from inside the network only, without a sign-in. It never keeps the process alive.
 */
export function startMetricsServer(port: number): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== METRICS_PATH) return answer(response, 404, 'Not Found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return answer(response, 405, 'Method Not Allowed\n');
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: Error) => answer(response, 500, `The metrics could not be collected: ${error.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      server.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // a scraper's kept-alive connection would hold the close until it times out
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * A process's metrics from its start: every metric labelled with the service, Node's own metrics, and
 * the server on METRICS_PORT, or on the process's default port when it is not set; 0 serves none.
 * Rejects with one line naming METRICS_PORT when the port is taken, for the process to exit with it.
 */
export async function startProcessMetrics(service: string, configuredPort: number | undefined): Promise<MetricsServer | null> {
  collectProcessMetrics(service);
  const port = configuredPort ?? DEFAULT_METRICS_PORTS[service] ?? 0;
  if (port === 0) return null;
  try {
    return await startMetricsServer(port);
  } catch (error) {
    throw new Error(`cannot serve metrics on METRICS_PORT ${port} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); set another port, or 0 for none`, {
      cause: error,
    });
  }
}
