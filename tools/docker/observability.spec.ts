/**
 * The observability profile of docker-compose.yml and deploy/observability: Prometheus scrapes every app
 * on the metrics port compose gives it, Grafana is provisioned with that Prometheus and the Quotebook
 * dashboard, whose queries name only metrics the processes have, and none of it changes a plain
 * `docker compose up`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { collectProcessMetrics, METRICS_PATH, metricsRegistry, watchDatabasePool } from '@quotebook/server-core';
import type { DataSource } from 'typeorm';
// each process's own metrics, registered when their modules load
import '../../apps/gateway/src/common/http-metrics';
import '../../apps/documents/src/generation/document-metrics';
import '../../apps/documents-worker/src/job-metrics';
import { ENV_CLASSES } from './app-envs';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const prometheus = parse(read('deploy/observability/prometheus.yml')) as {
  scrape_configs: { job_name: string; metrics_path?: string; dns_sd_configs?: { names: string[]; type: string; port: number }[] }[];
};
const dashboard = JSON.parse(read('deploy/observability/grafana/quotebook-dashboard.json')) as {
  panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string; datasource?: { uid: string } }[] }[];
};

const apps = Object.keys(ENV_CLASSES);
const OBSERVABILITY = ['prometheus', 'grafana'];

/** A bind mount of the compose file: the host path (relative to the project) and the container path. */
function bindMounts(service: ComposeService): { host: string; container: string }[] {
  return (service.volumes ?? []).filter((volume) => volume.startsWith('./')).map((volume) => ({ host: volume.split(':')[0], container: volume.split(':')[1] }));
}

/** The metric names a PromQL expression reads (label matchers, ranges, strings and grouping removed). */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)].filter((match) => !match[2]).map((match) => match[1]);
}

describe('the observability profile of docker-compose.yml', () => {
  it('runs Prometheus and Grafana only with the profile: a plain `up` starts what it started before', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, profiles: service.profiles }).toEqual({ name, profiles: OBSERVABILITY.includes(name) ? ['observability'] : undefined });
    }
    expect(compose.services['prometheus'].image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(compose.services['grafana'].image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
  });

  it('gives every app a metrics port inside the network and publishes none', () => {
    for (const app of apps) {
      const port = compose.services[app].environment?.['METRICS_PORT'];
      expect({ app, port }).toEqual({ app, port: expect.stringMatching(/^[1-9]\d*$/) });
      expect({ app, expose: compose.services[app].expose }).toEqual({ app, expose: [port] });
      for (const published of compose.services[app].ports ?? []) expect(published).not.toMatch(new RegExp(`:${port}$`));
    }
    // Grafana is the one page of the profile, on the host's loopback only
    expect(compose.services['grafana'].ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+:3000$/)]);
    expect(compose.services['prometheus'].ports).toBeUndefined();
  });

  it('has Prometheus scrape every app, each replica by its service name, on its METRICS_PORT', () => {
    const jobs = [...prometheus.scrape_configs].sort((a, b) => a.job_name.localeCompare(b.job_name)).map((job) => ({
      job: job.job_name,
      path: job.metrics_path ?? '/metrics',
      targets: (job.dns_sd_configs ?? []).map(({ names, type, port }) => ({ names, type, port })),
    }));
    expect(jobs).toEqual(
      [...apps].sort().map((app) => ({ job: app, path: METRICS_PATH, targets: [{ names: [app], type: 'A', port: Number(compose.services[app].environment?.['METRICS_PORT']) }] })),
    );
    expect(bindMounts(compose.services['prometheus'])).toContainEqual({ host: './deploy/observability/prometheus.yml', container: '/etc/prometheus/prometheus.yml' });
  });

  it('provisions Grafana with that Prometheus and the dashboard, from files that exist', () => {
    const mounts = bindMounts(compose.services['grafana']);
    for (const mount of mounts) expect({ mount, exists: existsSync(path.join(root, mount.host)) }).toEqual({ mount, exists: true });
    const provisioning = mounts.find((mount) => mount.container === '/etc/grafana/provisioning')?.host ?? '';
    const datasources = readdirSync(path.join(root, provisioning, 'datasources')).flatMap(
      (file) => (parse(read(path.join(provisioning, 'datasources', file))) as { datasources: { uid: string; url: string }[] }).datasources,
    );
    expect(datasources).toEqual([expect.objectContaining({ uid: 'prometheus', url: 'http://prometheus:9090' })]);
    const providers = readdirSync(path.join(root, provisioning, 'dashboards')).flatMap(
      (file) => (parse(read(path.join(provisioning, 'dashboards', file))) as { providers: { options: { path: string } }[] }).providers,
    );
    const dashboardMount = mounts.find((mount) => mount.host === './deploy/observability/grafana/quotebook-dashboard.json');
    expect(providers.map((provider) => provider.options.path)).toEqual([path.posix.dirname(dashboardMount?.container ?? '')]);
    expect(compose.services['grafana'].depends_on).toHaveProperty('prometheus');
  });
});

describe('deploy/observability/grafana/quotebook-dashboard.json', () => {
  const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, ...target })));

  it('shows what the operators asked for', () => {
    const text = JSON.stringify(queries.map((query) => query.expr));
    for (const metric of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'nats_handler_duration_seconds_bucket',
      'db_pool_connections_in_use',
      'db_pool_waiting_requests',
      'document_queue_jobs',
      'document_job_failures_total',
      'event_lag_seconds_bucket',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(metric);
    }
  });

  it('reads its data from the provisioned Prometheus', () => {
    for (const panel of dashboard.panels.filter((each) => each.type !== 'row')) expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: 'prometheus' });
  });

  it('names only metrics the processes serve', async () => {
    collectProcessMetrics('dashboard-check');
    // a service's pool gauges exist once it watches its data source (none connected here)
    watchDatabasePool({ driver: {} } as unknown as DataSource);
    const served = new Set(
      (await metricsRegistry.getMetricsAsJSON()).flatMap(({ name, type }) => (String(type) === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name])),
    );
    const unknown = queries.flatMap((query) => metricNamesOf(query.expr).filter((name) => !served.has(name)).map((name) => `${query.panel}: ${name}`));
    expect(unknown).toEqual([]);
  });

  it('reads metric names out of a query, not functions, labels or ranges', () => {
    expect(metricNamesOf('histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{status=~"5.."}[$__rate_interval])))')).toEqual([
      'http_request_duration_seconds_bucket',
    ]);
    expect(metricNamesOf('sum by (service) (db_pool_connections_in_use) / max(db_pool_connections_idle)')).toEqual(['db_pool_connections_in_use', 'db_pool_connections_idle']);
  });
});
