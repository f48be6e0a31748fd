/**
 * Docker cannot run on our development machines, so this reads docker-compose.yml, the Dockerfile and
 * .env.example and checks what a platform team relies on: every app has a service, every image tag
 * is pinned, every variable an app reads is set, health checks and start order are declared.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { envVariableNames } from '@quotebook/server-core';
import { ENV_CLASSES } from './app-envs';

const root = path.resolve(__dirname, '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');

interface ComposeService {
  image?: string;
  build?: { args?: Record<string, string> };
  environment?: Record<string, string>;
  command?: string[];
  volumes?: string[];
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  restart?: string;
}


/** Variables with no default anywhere: compose must refuse to start without them. */
const SECRETS = ['JWT_SECRET', 'SUPERADMIN_PASSWORD'];

/** Node apps built with webpack are deployable processes; web is served by the gateway. */
const deployableApps = readdirSync(path.join(root, 'apps')).filter((name) =>
  existsSync(path.join(root, 'apps', name, 'webpack.config.js')),
);

describe('docker-compose.yml', () => {
  it('has one service per deployable app, built from the Dockerfile with its APP', () => {
    expect(deployableApps.sort()).toEqual(Object.keys(ENV_CLASSES).sort());
    for (const app of deployableApps) {
      expect(compose.services[app]?.build?.args?.['APP']).toBe(app);
    }
  });

  it('runs the infrastructure: postgres, nats with JetStream, redis, gotenberg 8, mailpit', () => {
    expect(compose.services['postgres'].image).toMatch(/^postgres:15\./);
    expect(compose.services['nats'].image).toMatch(/^nats:/);
    expect(JSON.stringify(compose.services['nats'])).toContain('-js');
    expect(compose.services['redis'].image).toMatch(/^redis:7\./);
    expect(compose.services['gotenberg'].image).toMatch(/^gotenberg\/gotenberg:8\./);
    expect(compose.services['mailpit'].image).toMatch(/^axllent\/mailpit:/);
  });

  it('keeps what Redis holds (queued jobs, logged-out tokens) across a restart: append-only file written every second, no key evicted', () => {
    const command = compose.services['redis'].command ?? [];
    const setting = (name: string) => command[command.indexOf(`--${name}`) + 1];
    expect(setting('appendonly')).toBe('yes');
    expect(setting('appendfsync')).toBe('everysec');
    expect(setting('maxmemory-policy')).toBe('noeviction');
    expect(compose.services['redis'].volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^redisdata:\/data$/)]));
  });

  it("runs every app with the Node flags the local stack runs it with (tools/stack/stack.js)", () => {
    const { NODE_FLAGS } = require('../stack/stack.js') as { NODE_FLAGS: string[] };
    const command = /^CMD \["sh", "-c", "exec node (.*) dist\/apps\/\$\{APP\}\/main\.js"\]$/m.exec(dockerfile);
    expect(command?.[1].split(' ')).toEqual(NODE_FLAGS);
    expect(NODE_FLAGS).toContain('--initial-old-space-size=128');
  });

  it('pins every image tag (no latest, no bare major)', () => {
    const images = Object.values(compose.services).flatMap((service) => (service.image ? [service.image] : []));
    const fromDockerfile = [...dockerfile.matchAll(/^ARG NODE_IMAGE=(\S+)/gm)].map((match) => match[1]);
    expect(fromDockerfile).toHaveLength(1);
    for (const image of [...images, ...fromDockerfile]) {
      expect(image).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z0-9.-]+)?$/);
    }
  });

  it.each(Object.entries(ENV_CLASSES))('sets every variable %s reads', (app, envClass) => {
    const environment = compose.services[app].environment ?? {};
    const missing = envVariableNames(envClass).filter((name) => environment[name] === undefined);
    expect(missing).toEqual([]);
  });

  it('gives every service a health check and starts apps only after their dependencies are healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, healthcheck: Boolean(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
    }
    // an app waits for the infrastructure its environment names
    const infrastructureOf: Record<string, string> = { NATS_URL: 'nats', DATABASE_URL: 'postgres', REDIS_URL: 'redis', GOTENBERG_URL: 'gotenberg' };
    for (const app of deployableApps) {
      const dependsOn = compose.services[app].depends_on ?? {};
      const needed = envVariableNames(ENV_CLASSES[app]).flatMap((name) => (infrastructureOf[name] ? [infrastructureOf[name]] : []));
      expect({ app, dependsOn: Object.keys(dependsOn) }).toEqual({ app, dependsOn: expect.arrayContaining(needed) });
      for (const dependency of Object.values(dependsOn)) expect(dependency.condition).toBe('service_healthy');
    }
    expect(Object.keys(compose.services['gateway'].depends_on ?? {})).toEqual(
      expect.arrayContaining(['redis', ...deployableApps.filter((app) => app !== 'gateway')]),
    );
  });

  it('restarts every app service that exits, unless it was stopped', () => {
    for (const app of deployableApps) {
      expect({ app, restart: compose.services[app].restart }).toEqual({ app, restart: 'unless-stopped' });
    }
  });

  it.each(Object.entries(ENV_CLASSES))('refuses to start %s without the secrets it reads (no default)', (app, envClass) => {
    const environment = compose.services[app].environment ?? {};
    for (const name of envVariableNames(envClass).filter((variable) => SECRETS.includes(variable))) {
      expect({ name, value: environment[name] }).toEqual({ name, value: expect.stringMatching(new RegExp(`^\\$\\{${name}:\\?.+\\}$`)) });
    }
  });

  it('reads JWT_SECRET in identity and the gateway, SUPERADMIN_PASSWORD in identity', () => {
    expect(envVariableNames(ENV_CLASSES['identity'])).toEqual(expect.arrayContaining(SECRETS));
    expect(envVariableNames(ENV_CLASSES['gateway'])).toContain('JWT_SECRET');
  });

  it('runs Gotenberg with JavaScript off and no network for the documents it renders, private addresses first', () => {
    const command = compose.services['gotenberg'].command ?? [];
    expect(command).toEqual(
      expect.arrayContaining(['--chromium-disable-javascript=true', '--chromium-deny-private-ips=true', '--chromium-deny-public-ips=true']),
    );
    expect(command).toContain('--chromium-allow-list=^file:///tmp/.*');
    expect(compose.services['gotenberg'].ports).toBeUndefined();
    expect(compose.services['documents-worker'].environment?.['GOTENBERG_URL']).toBe('http://gotenberg:3000');
  });

  it('mounts one storage volume at STORAGE_DIR in every app that reads it', () => {
    const readers = Object.entries(ENV_CLASSES).filter(([, envClass]) => envVariableNames(envClass).includes('STORAGE_DIR'));
    expect(readers.map(([app]) => app)).toContain('documents-worker');
    for (const [app] of readers) {
      const directory = compose.services[app].environment?.['STORAGE_DIR'];
      expect({ app, volumes: compose.services[app].volumes }).toEqual({ app, volumes: expect.arrayContaining([`storage:${directory}`]) });
    }
  });

  it('publishes the gateway on port 8080', () => {
    expect(compose.services['gateway'].ports).toContain('8080:3000');
  });
});

describe('.env.example', () => {
  it('carries no usable secret: JWT_SECRET and SUPERADMIN_PASSWORD are empty, with how to generate them', () => {
    for (const name of SECRETS) {
      const assignments = [...envExample.matchAll(new RegExp(`^#?\\s*${name}=(.*)$`, 'gm'))].map((match) => match[1].trim());
      expect({ name, assignments }).toEqual({ name, assignments: [''] });
    }
    expect(envExample).toContain('openssl rand -hex 32');
  });

  it('lists every variable any app reads', () => {
    const listed = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const read = new Set(Object.values(ENV_CLASSES).flatMap((envClass) => envVariableNames(envClass)));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});
