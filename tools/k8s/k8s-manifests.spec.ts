/**
 * deploy/k8s: renders the base and the production overlay (with the in-repo renderer, and with
 * `kubectl kustomize` too where kubectl is installed, expecting the same objects), validates every
 * object against the Kubernetes schemas (kubernetes-models) and checks what running Quotebook there
 * relies on: every app has a Deployment whose probes ask its real health check, every variable the app
 * reads is provided, the secrets hold placeholders only, the pods run as the image's non-root user.
 * Each check is a function returning its problems, and the last block proves that each one notices the
 * fault it is about (a probe removed, a path that does not exist...).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_METRICS_PORTS, envVariableNames, isPublishedValue, METRICS_PATH } from '@quotebook/server-core';
import { ENV_CLASSES } from '../docker/app-envs';
import { K8sObject, objectKey, podContainers, readObjects, renderKustomization } from './kustomize-lite';

const root = path.resolve(__dirname, '../..');
const k8s = path.join(root, 'deploy/k8s');
const BASE = path.join(k8s, 'base');
const PRODUCTION = path.join(k8s, 'overlays/production');

/** The NATS services: each gets a PodDisruptionBudget and an autoscaler, as the gateway does. */
const SERVICES = ['identity', 'tenancy', 'catalogue', 'quoting', 'documents'];
/** Node apps built with webpack are the deployable processes (web is served by the gateway). */
const deployableApps = readdirSync(path.join(root, 'apps')).filter((name) => existsSync(path.join(root, 'apps', name, 'webpack.config.js')));

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; image?: string }>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const secretTemplates = readObjects(path.join(BASE, 'secrets.template.yaml'));

/** Values that differ between compose and a cluster by nature (addresses, secrets, the proxy in front). */
const PER_ENVIRONMENT = new Set(['REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'MAIL_FROM', 'DATABASE_URL', 'JWT_SECRET', 'LINK_SECRET', 'SUPERADMIN_PASSWORD', 'TRUST_PROXY']);

type Container = {
  name: string;
  image?: string;
  args?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown> & { capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string; subPath?: string; readOnly?: boolean }[];
};
type Probe = { httpGet?: { path: string; port: string | number }; exec?: { command: string[] }; tcpSocket?: unknown };
type PodSpec = {
  containers: Container[];
  securityContext?: Record<string, unknown>;
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string; emptyDir?: unknown; persistentVolumeClaim?: { claimName: string } }[];
};
type Deployment = K8sObject & {
  spec: { replicas?: number; selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec } };
};

const byKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind) as T[];
const deploymentsOf = (objects: K8sObject[]) => byKind<Deployment>(objects, 'Deployment');
const clone = (objects: K8sObject[]) => JSON.parse(JSON.stringify(objects)) as K8sObject[];

// ---- what the image holds and what the gateway serves, read from the sources ----

/** Paths the Dockerfile's last stage puts in the image: files copied to a path, and directories copied whole. */
function imageContents(): { files: Map<string, string>; directories: Map<string, string>; user: string; baseImage: string } {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const workdir = /^WORKDIR (\S+)/m.exec(runtime)?.[1] ?? '/';
  const files = new Map<string, string>();
  const directories = new Map<string, string>();
  for (const [, from, source, destination] of runtime.matchAll(/^COPY (--from=\S+ )?(\S+) (\S+)$/gm)) {
    const target = path.posix.resolve(workdir, destination);
    if (from) directories.set(target, source);
    else files.set(target, source);
  }
  const user = /^USER (\S+)/m.exec(runtime)?.[1] ?? 'root';
  const baseImage = /^ARG NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1] ?? '';
  return { files, directories, user, baseImage };
}

/** The numeric user the image runs as: the official Node images' `node` user is 1000. */
function imageUid(): number {
  const { user, baseImage } = imageContents();
  if (/^\d+$/.test(user)) return Number(user);
  if (user === 'node' && /^node:/.test(baseImage)) return 1000;
  throw new Error(`the Dockerfile runs as ${user}: say which uid that is`);
}

/** The gateway's GET routes that need no sign-in (a kubelet has no token), with the global prefix. */
function gatewayPublicGetRoutes(): Set<string> {
  const bootstrap = readFileSync(path.join(root, 'apps/gateway/src/bootstrap.ts'), 'utf8');
  const prefix = /setGlobalPrefix\('([^']*)'\)/.exec(bootstrap)?.[1] ?? '';
  const routes = new Set<string>();
  const walk = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(directory, entry.name)) : entry.name.endsWith('.controller.ts') ? [path.join(directory, entry.name)] : [],
    );
  for (const file of walk(path.join(root, 'apps/gateway/src'))) {
    const source = readFileSync(file, 'utf8');
    const controller = /@Controller\((?:'([^']*)')?\)/.exec(source);
    if (!controller) continue;
    const classPublic = /@Public\(\)\s*(?:@\w+\([^)]*\)\s*)*@Controller/.test(source);
    for (const get of source.matchAll(/@Get\((?:'([^']*)')?\)/g)) {
      // the decorators stacked on the same method: from the previous blank line or method to this @Get
      const before = source.slice(0, get.index);
      const decorators = before.slice(Math.max(before.lastIndexOf('\n\n'), before.lastIndexOf(';'), before.lastIndexOf('}')));
      if (!classPublic && !decorators.includes('@Public()')) continue;
      routes.add('/' + [prefix, controller[1], get[1]].filter(Boolean).join('/'));
    }
  }
  return routes;
}

// ---- the checks: each returns its problems, [] when there is none ----

function probeProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const image = imageContents();
  const publicRoutes = gatewayPublicGetRoutes();
  for (const deployment of deploymentsOf(objects)) {
    for (const container of deployment.spec.template.spec.containers) {
      const where = `${deployment.metadata.name}/${container.name}`;
      for (const kind of ['readinessProbe', 'livenessProbe'] as const) {
        const probe = container[kind];
        if (!probe) {
          problems.push(`${where}: no ${kind}`);
          continue;
        }
        if (probe.httpGet) {
          const { path: probePath, port } = probe.httpGet;
          if (typeof port === 'string' && !(container.ports ?? []).some((candidate) => candidate.name === port)) problems.push(`${where}: ${kind} names port ${port}, which the container does not declare`);
          if (deployment.metadata.name === 'gateway' && !publicRoutes.has(probePath)) problems.push(`${where}: ${kind} asks ${probePath}, which is no public GET route of the gateway`);
          // Gotenberg's own health route, which documents-worker also asks at start
          if (deployment.metadata.name === 'gotenberg' && probePath !== '/health') problems.push(`${where}: ${kind} asks ${probePath}, not Gotenberg's /health`);
          if (!['gateway', 'gotenberg'].includes(deployment.metadata.name)) problems.push(`${where}: ${kind} is an HTTP probe, but only the gateway serves HTTP`);
        } else if (probe.exec) {
          const [program, file] = probe.exec.command;
          const inImage = image.files.has(file) || [...image.directories.keys()].some((directory) => file?.startsWith(`${directory}/`));
          if (program !== 'node' || !file || !inImage) problems.push(`${where}: ${kind} runs ${probe.exec.command.join(' ')}, not a file the Dockerfile puts in the image`);
          else if (image.files.has(file) && !existsSync(path.join(root, image.files.get(file) as string))) problems.push(`${where}: ${kind} runs ${file}, copied from a file that does not exist`);
          else if (!image.files.has(file)) {
            // under the copied dist: dist/apps/<app>/main.js exists for each app the build makes
            const built = /^\/app\/dist\/apps\/([^/]+)\/main\.js$/.exec(file);
            if (!built || !deployableApps.includes(built[1])) problems.push(`${where}: ${kind} runs ${file}, which the build does not make`);
          }
        } else {
          problems.push(`${where}: ${kind} neither asks an HTTP path nor runs a health check`);
        }
      }
    }
  }
  return problems;
}

/** The variables a container gets: its env, and every key of the ConfigMaps and Secrets it names. */
function providedVariables(container: Container, objects: K8sObject[]): { names: Map<string, string | undefined>; problems: string[] } {
  const names = new Map<string, string | undefined>();
  const problems: string[] = [];
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const map = byKind(objects, 'ConfigMap').find((candidate) => candidate.metadata.name === source.configMapRef?.name);
      if (!map) problems.push(`${container.name}: ConfigMap ${source.configMapRef.name} is not in the manifests`);
      for (const [name, value] of Object.entries((map?.['data'] as Record<string, string>) ?? {})) names.set(name, value);
    }
    if (source.secretRef) {
      const secret = secretTemplates.find((candidate) => candidate.metadata.name === source.secretRef?.name);
      if (!secret) problems.push(`${container.name}: Secret ${source.secretRef.name} is not in secrets.template.yaml`);
      for (const name of Object.keys((secret?.['stringData'] as Record<string, string>) ?? {})) names.set(name, undefined);
    }
  }
  for (const variable of container.env ?? []) names.set(variable.name, variable.value);
  return { names, problems };
}

function environmentProblems(objects: K8sObject[], { compareWithCompose }: { compareWithCompose: boolean }): string[] {
  const problems: string[] = [];
  const secretKeys = new Set(secretTemplates.flatMap((secret) => Object.keys((secret['stringData'] as Record<string, string>) ?? {})));
  for (const [app, envClass] of Object.entries(ENV_CLASSES)) {
    const container = deploymentsOf(objects).find((deployment) => deployment.metadata.name === app)?.spec.template.spec.containers[0];
    if (!container) continue;
    const { names, problems: missingSources } = providedVariables(container, objects);
    problems.push(...missingSources);
    const composeEnvironment = compose.services[app]?.environment ?? {};
    const required = new Set([...envVariableNames(envClass), ...Object.keys(composeEnvironment)]);
    for (const name of required) if (!names.has(name)) problems.push(`${app}: ${name} is not provided (compose sets it, or the app reads it)`);
    if (names.get('APP') !== app) problems.push(`${app}: APP is ${names.get('APP')}, the image would start another app`);
    // a secret goes only where it is read: the gateway never holds the database's password
    for (const name of names.keys()) if (secretKeys.has(name) && !envVariableNames(envClass).includes(name)) problems.push(`${app}: gets ${name}, which it does not read`);
    if (compareWithCompose) {
      for (const [name, value] of Object.entries(composeEnvironment)) {
        if (PER_ENVIRONMENT.has(name) || !names.has(name) || secretKeys.has(name)) continue;
        // compose's ${NAME:-default} is the default unless the host's environment says otherwise
        const expected = String(value).replace(/^\$\{\w+:-(.*)\}$/, '$1');
        if (names.get(name) !== expected) problems.push(`${app}: ${name} is ${names.get(name)} here and ${expected} in docker-compose.yml`);
      }
    }
  }
  return problems;
}

function secretProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const secretKeys = new Set(secretTemplates.flatMap((secret) => Object.keys((secret['stringData'] as Record<string, string>) ?? {})));
  // applying the manifests must never replace the real secrets with the template's placeholders
  for (const secret of byKind(objects, 'Secret')) problems.push(`Secret ${secret.metadata.name} is rendered: an apply would overwrite the real one`);
  for (const secret of secretTemplates) {
    if (secret['data'] !== undefined) problems.push(`Secret ${secret.metadata.name}: use stringData placeholders, not data`);
    for (const [name, value] of Object.entries((secret['stringData'] as Record<string, string>) ?? {})) {
      // a placeholder the apps refuse (isPublishedValue), inside a URL too: never a usable value
      const placeholder = value.split(/[:@/]/).some((part) => part !== '' && isPublishedValue(part));
      if (!placeholder) problems.push(`Secret ${secret.metadata.name}: ${name} holds a real-looking value`);
    }
  }
  for (const map of byKind(objects, 'ConfigMap')) {
    for (const name of Object.keys((map['data'] as Record<string, string>) ?? {})) {
      if (secretKeys.has(name) || /(^|_)(SECRET|PASSWORD)$|^DATABASE_URL$/.test(name)) problems.push(`ConfigMap ${map.metadata.name}: ${name} belongs in a Secret`);
    }
  }
  return problems;
}

function securityProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const uid = imageUid();
  for (const deployment of deploymentsOf(objects)) {
    const pod = deployment.spec.template.spec;
    const name = deployment.metadata.name;
    const ours = name in ENV_CLASSES;
    for (const container of pod.containers) {
      const context = { ...pod.securityContext, ...container.securityContext };
      if (context['runAsNonRoot'] !== true) problems.push(`${name}: runAsNonRoot is not true`);
      if (ours && context['runAsUser'] !== uid) problems.push(`${name}: runs as ${context['runAsUser']}, the image's user is ${uid}`);
      if (container.securityContext?.['allowPrivilegeEscalation'] !== false) problems.push(`${name}: allowPrivilegeEscalation is not false`);
      if (!container.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${name}: does not drop ALL capabilities`);
      if (container.securityContext?.['readOnlyRootFilesystem'] !== true) problems.push(`${name}: the root file system is writable`);
      const tmp = (container.volumeMounts ?? []).find((mount) => mount.mountPath === '/tmp');
      if (!tmp || !pod.volumes?.find((volume) => volume.name === tmp.name)?.emptyDir) problems.push(`${name}: no emptyDir at /tmp`);
      if (!container.resources?.requests?.['cpu'] || !container.resources?.requests?.['memory'] || !container.resources?.limits?.['cpu'] || !container.resources?.limits?.['memory']) {
        problems.push(`${name}: cpu and memory need both a request and a limit`);
      } else {
        for (const resource of ['cpu', 'memory']) {
          if (quantity(container.resources.requests[resource]) > quantity(container.resources.limits[resource])) problems.push(`${name}: ${resource} request above its limit`);
        }
      }
    }
    if (pod.terminationGracePeriodSeconds === undefined) problems.push(`${name}: no terminationGracePeriodSeconds`);
  }
  return problems;
}

function quantity(value: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(String(value));
  if (!match) throw new Error(`unexpected quantity ${value}`);
  const factor: Record<string, number> = { m: 0.001, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  return Number(match[1]) * (match[2] ? factor[match[2]] : 1);
}

function availabilityProblems(objects: K8sObject[], { minimumReplicas }: { minimumReplicas: number }): string[] {
  const problems: string[] = [];
  const deployments = deploymentsOf(objects);
  const selects = (selector: Record<string, string> | undefined, deployment: Deployment) =>
    Boolean(selector) && Object.entries(selector ?? {}).every(([key, value]) => deployment.spec.template.metadata.labels[key] === value);
  for (const name of ['gateway', ...SERVICES]) {
    const deployment = deployments.find((candidate) => candidate.metadata.name === name);
    if (!deployment) continue;
    const budget = byKind(objects, 'PodDisruptionBudget').find((candidate) => selects((candidate['spec'] as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels, deployment));
    if (!budget) problems.push(`${name}: no PodDisruptionBudget selects its pods`);
    const autoscaler = byKind(objects, 'HorizontalPodAutoscaler').find((candidate) => (candidate['spec'] as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef.name === name);
    if (!autoscaler) problems.push(`${name}: no HorizontalPodAutoscaler`);
    else {
      const { minReplicas = 1, maxReplicas } = autoscaler['spec'] as { minReplicas?: number; maxReplicas: number };
      if (minReplicas < minimumReplicas || maxReplicas < minReplicas) problems.push(`${name}: autoscaled between ${minReplicas} and ${maxReplicas}`);
      // the autoscaler owns the count: a fixed one would be put back at every apply
      if (deployment.spec.replicas !== undefined) problems.push(`${name}: sets replicas although an autoscaler scales it`);
    }
  }
  for (const deployment of deployments) {
    const { matchLabels } = deployment.spec.selector;
    if (!selects(matchLabels, deployment)) problems.push(`${deployment.metadata.name}: its selector does not match its pods`);
    const autoscaled = byKind(objects, 'HorizontalPodAutoscaler').some((candidate) => (candidate['spec'] as { scaleTargetRef: { name: string } }).scaleTargetRef.name === deployment.metadata.name);
    if (!autoscaled && (deployment.spec.replicas ?? 1) < minimumReplicas) problems.push(`${deployment.metadata.name}: ${deployment.spec.replicas ?? 1} replica(s)`);
  }
  return problems;
}

/**
 * Every app serves GET /metrics on METRICS_PORT (its own default when unset): its container declares
 * that port as `metrics`, and its pod's prometheus.io annotations point a scraper at that port and path.
 */
function metricsProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const app of Object.keys(ENV_CLASSES)) {
    const deployment = deploymentsOf(objects).find((candidate) => candidate.metadata.name === app);
    if (!deployment) continue;
    const container = deployment.spec.template.spec.containers[0];
    const port = providedVariables(container, objects).names.get('METRICS_PORT') ?? String(DEFAULT_METRICS_PORTS[app]);
    if (port === '0') problems.push(`${app}: METRICS_PORT is 0, it serves no metrics`);
    const declared = container.ports?.find((candidate) => candidate.name === 'metrics')?.containerPort;
    if (String(declared) !== port) problems.push(`${app}: its container's metrics port is ${declared}, METRICS_PORT is ${port}`);
    const annotations = deployment.spec.template.metadata.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true') problems.push(`${app}: prometheus.io/scrape is ${annotations['prometheus.io/scrape']}`);
    if (annotations['prometheus.io/port'] !== port) problems.push(`${app}: prometheus.io/port is ${annotations['prometheus.io/port']}, METRICS_PORT is ${port}`);
    if (annotations['prometheus.io/path'] !== METRICS_PATH) problems.push(`${app}: prometheus.io/path is ${annotations['prometheus.io/path']}, not ${METRICS_PATH}`);
  }
  return problems;
}

function validationProblems(objects: K8sObject[]): { object: string; error: string }[] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'validate-objects.mjs')], { cwd: root, input: JSON.stringify(objects), encoding: 'utf8' });
  return JSON.parse(output) as { object: string; error: string }[];
}

// ---- rendering ----

const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
const renderWithKubectl = (directory: string): K8sObject[] =>
  String(execFileSync('kubectl', ['kustomize', directory], { encoding: 'utf8' }))
    .split(/^---$/m)
    .map((document) => parse(document) as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
const sorted = (objects: K8sObject[]) => [...objects].sort((a, b) => objectKey(a).localeCompare(objectKey(b)));

const renders = { base: renderKustomization(BASE), production: renderKustomization(PRODUCTION) };

describe.each(Object.entries(renders))('deploy/k8s %s', (variant, objects) => {
  const production = variant === 'production';

  (hasKubectl ? it : it.skip)('renders the same objects as kubectl kustomize', () => {
    const kubectl = renderWithKubectl(variant === 'base' ? BASE : PRODUCTION);
    expect(sorted(kubectl)).toEqual(sorted(objects));
  });

  it('validates every object against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(20);
    expect(validationProblems(objects)).toEqual([]);
  });

  it('puts every object in the quotebook namespace', () => {
    for (const object of objects) expect({ key: objectKey(object), namespace: object.kind === 'Namespace' ? object.metadata.name : object.metadata.namespace }).toEqual({ key: objectKey(object), namespace: 'quotebook' });
  });

  it('has a Deployment for every app and for Gotenberg', () => {
    expect(deploymentsOf(objects).map((deployment) => deployment.metadata.name).sort()).toEqual([...deployableApps, 'gotenberg'].sort());
  });

  it("gives every container readiness and liveness probes on the app's real health check", () => {
    expect(probeProblems(objects)).toEqual([]);
  });

  it('provides every variable each app reads and compose sets, each secret only to the apps that read it', () => {
    expect(environmentProblems(objects, { compareWithCompose: !production })).toEqual([]);
  });

  it("declares every app's metrics port on its container and in its pod's Prometheus annotations", () => {
    expect(metricsProblems(objects)).toEqual([]);
  });

  it('renders no Secret, and the template holds placeholders only; nothing secret in a ConfigMap', () => {
    expect(secretProblems(objects)).toEqual([]);
  });

  it("runs every pod as non-root (the image's user), read-only, without privileges, with requests and limits", () => {
    expect(securityProblems(objects)).toEqual([]);
  });

  it('gives the gateway and each service a PodDisruptionBudget and an autoscaler', () => {
    expect(availabilityProblems(objects, { minimumReplicas: production ? 2 : 1 })).toEqual([]);
  });

  it('lets the gateway leave the endpoints before it stops, and finish a document render', () => {
    const gateway = deploymentsOf(objects).find((deployment) => deployment.metadata.name === 'gateway') as Deployment;
    const container = gateway.spec.template.spec.containers[0];
    const [program, seconds] = container.lifecycle?.preStop?.exec?.command ?? [];
    expect(program).toBe('sleep');
    const jobTimeoutSeconds = Number(compose.services['gateway'].environment?.['DOCUMENT_JOB_TIMEOUT_MS']) / 1000;
    expect(gateway.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + jobTimeoutSeconds);
    for (const deployment of deploymentsOf(objects)) expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
  });

  it('mounts one ReadWriteMany volume at STORAGE_DIR and UPLOAD_DIR in every app that reads them', () => {
    const claims = byKind(objects, 'PersistentVolumeClaim');
    expect(claims).toHaveLength(1);
    expect((claims[0]['spec'] as { accessModes: string[] }).accessModes).toEqual(['ReadWriteMany']);
    const files = byKind(objects, 'ConfigMap').find((map) => map.metadata.name === 'quotebook-files')?.['data'] as Record<string, string>;
    const readers = Object.entries(ENV_CLASSES).filter(([, envClass]) => envVariableNames(envClass).some((name) => name === 'STORAGE_DIR' || name === 'UPLOAD_DIR'));
    expect(readers.map(([app]) => app).sort()).toEqual(['documents', 'documents-worker', 'gateway', 'quoting']);
    for (const [app, envClass] of readers) {
      const pod = (deploymentsOf(objects).find((deployment) => deployment.metadata.name === app) as Deployment).spec.template.spec;
      for (const variable of ['STORAGE_DIR', 'UPLOAD_DIR'].filter((name) => envVariableNames(envClass).includes(name))) {
        const mount = pod.containers[0].volumeMounts?.find((candidate) => candidate.mountPath === files[variable]);
        const volume = pod.volumes?.find((candidate) => candidate.name === mount?.name);
        expect({ app, variable, claim: volume?.persistentVolumeClaim?.claimName }).toEqual({ app, variable, claim: claims[0].metadata.name });
      }
      // what the app may write: the shared files and /tmp, nothing else
      for (const mount of pod.containers[0].volumeMounts ?? []) expect(['/tmp', files['STORAGE_DIR'], files['UPLOAD_DIR']]).toContain(mount.mountPath);
    }
  });

  it('reaches the gateway through its Service, and Gotenberg where the worker looks for it, run as compose runs it', () => {
    const services = byKind(objects, 'Service');
    expect(services.map((service) => service.metadata.name).sort()).toEqual(['gateway', 'gotenberg']);
    const gotenberg = deploymentsOf(objects).find((deployment) => deployment.metadata.name === 'gotenberg') as Deployment;
    const url = (byKind(objects, 'ConfigMap').find((map) => map.metadata.name === 'quotebook-documents-worker')?.['data'] as Record<string, string>)['GOTENBERG_URL'];
    const service = services.find((candidate) => candidate.metadata.name === 'gotenberg') as K8sObject;
    expect(url).toBe(`http://gotenberg:${(service['spec'] as { ports: { port: number }[] }).ports[0].port}`);
    expect(gotenberg.spec.template.spec.containers[0].args).toEqual(compose.services['gotenberg'].command);
    expect(gotenberg.spec.template.spec.containers[0].image?.split(':')[1]).toBe(compose.services['gotenberg'].image?.split(':')[1]);
  });

  if (production) {
    it('runs released, pinned images from one registry and routes the Ingress to the gateway', () => {
      const images = deploymentsOf(objects).flatMap((deployment) => podContainers(deployment).map((container) => String(container['image'])));
      for (const image of images) expect(image).toMatch(/^[^:]+(:\d[\w.-]*)$/);
      expect(new Set(images.filter((image) => !image.startsWith('gotenberg/')))).toEqual(new Set(['registry.example.com/quotebook:1.0.0']));
      const ingress = byKind(objects, 'Ingress');
      expect(ingress).toHaveLength(1);
      expect(JSON.stringify(ingress[0]['spec'])).toContain('"service":{"name":"gateway","port":{"name":"http"}}');
    });
  }
});

describe('deploy/k8s/base/secrets.template.yaml', () => {
  it('validates against the Kubernetes schemas, in the namespace of the manifests', () => {
    expect(validationProblems(secretTemplates)).toEqual([]);
    for (const secret of secretTemplates) expect(secret.metadata.namespace).toBe('quotebook');
  });

  it('is referenced by the Deployments, and every Secret a Deployment names is in it', () => {
    const referenced = new Set(
      deploymentsOf(renders.production).flatMap((deployment) =>
        deployment.spec.template.spec.containers.flatMap((container) => (container.envFrom ?? []).flatMap((source) => (source.secretRef ? [source.secretRef.name] : []))),
      ),
    );
    expect([...referenced].sort()).toEqual(secretTemplates.map((secret) => secret.metadata.name).sort());
  });
});

describe('the checks notice what they are about', () => {
  const production = () => clone(renders.production);
  const deployment = (objects: K8sObject[], name: string) => deploymentsOf(objects).find((candidate) => candidate.metadata.name === name) as Deployment;

  it('a probe removed', () => {
    const objects = production();
    delete deployment(objects, 'catalogue').spec.template.spec.containers[0].readinessProbe;
    delete deployment(objects, 'gateway').spec.template.spec.containers[0].livenessProbe;
    expect(probeProblems(objects)).toEqual(['gateway/gateway: no livenessProbe', 'catalogue/catalogue: no readinessProbe']);
  });

  it('a probe on a path the gateway does not serve, or on a file the image does not hold', () => {
    const objects = production();
    (deployment(objects, 'gateway').spec.template.spec.containers[0].readinessProbe as Probe).httpGet = { path: '/api/healthz', port: 'http' };
    (deployment(objects, 'quoting').spec.template.spec.containers[0].livenessProbe as Probe).exec = { command: ['node', '/app/health.js'] };
    (deployment(objects, 'documents-worker').spec.template.spec.containers[0].livenessProbe as Probe).exec = { command: ['node', '/app/dist/apps/worker/main.js', '--health'] };
    expect(probeProblems(objects)).toEqual([
      expect.stringContaining('/api/healthz, which is no public GET route'),
      expect.stringContaining('/app/health.js, not a file the Dockerfile puts in the image'),
      expect.stringContaining('/app/dist/apps/worker/main.js, which the build does not make'),
    ]);
  });

  it('a variable missing, or a secret given to an app that does not read it', () => {
    const objects = production();
    const gateway = deployment(objects, 'gateway').spec.template.spec.containers[0];
    gateway.envFrom = [...(gateway.envFrom ?? []).filter((source) => source.configMapRef?.name !== 'quotebook-files'), { secretRef: { name: 'quotebook-database' } }];
    expect(environmentProblems(objects, { compareWithCompose: false })).toEqual(
      expect.arrayContaining(['gateway: STORAGE_DIR is not provided (compose sets it, or the app reads it)', 'gateway: gets DATABASE_URL, which it does not read']),
    );
  });

  it('a metrics port the container does not declare, or annotations that point elsewhere', () => {
    const objects = production();
    const quoting = deployment(objects, 'quoting').spec.template.spec.containers[0];
    quoting.ports = (quoting.ports ?? []).filter((port) => port.name !== 'metrics');
    const gateway = deployment(objects, 'gateway').spec.template.metadata;
    gateway.annotations = { ...gateway.annotations, 'prometheus.io/port': '9090', 'prometheus.io/path': '/api/metrics' };
    delete deployment(objects, 'documents-worker').spec.template.metadata.annotations?.['prometheus.io/scrape'];
    expect(metricsProblems(objects)).toEqual([
      'documents-worker: prometheus.io/scrape is undefined',
      'gateway: prometheus.io/port is 9090, METRICS_PORT is 9464',
      'gateway: prometheus.io/path is /api/metrics, not /metrics',
      "quoting: its container's metrics port is undefined, METRICS_PORT is 9464",
    ]);
  });

  it('a value that drifted from docker-compose.yml', () => {
    const objects = clone(renders.base);
    (byKind(objects, 'ConfigMap').find((map) => map.metadata.name === 'quotebook-gateway')?.['data'] as Record<string, string>)['LOGIN_MAX_FAILURES_PER_IP'] = '1000';
    expect(environmentProblems(objects, { compareWithCompose: true })).toEqual(['gateway: LOGIN_MAX_FAILURES_PER_IP is 1000 here and 100 in docker-compose.yml']);
  });

  it('root, a writable root file system, no limits', () => {
    const objects = production();
    const pod = deployment(objects, 'tenancy').spec.template.spec;
    delete pod.securityContext?.['runAsNonRoot'];
    delete pod.containers[0].securityContext?.['runAsNonRoot'];
    delete pod.containers[0].securityContext?.['readOnlyRootFilesystem'];
    delete pod.containers[0].resources?.limits;
    expect(securityProblems(objects)).toEqual([
      'tenancy: runAsNonRoot is not true',
      'tenancy: the root file system is writable',
      'tenancy: cpu and memory need both a request and a limit',
    ]);
  });

  it('a real-looking secret, or a Secret rendered with the manifests', () => {
    const objects = production();
    objects.push({ ...secretTemplates[0] });
    const jwt = secretTemplates.find((secret) => secret.metadata.name === 'quotebook-jwt') as K8sObject;
    const original = jwt['stringData'];
    jwt['stringData'] = { JWT_SECRET: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0' };
    try {
      expect(secretProblems(objects)).toEqual([expect.stringContaining('is rendered'), 'Secret quotebook-jwt: JWT_SECRET holds a real-looking value']);
    } finally {
      jwt['stringData'] = original;
    }
  });

  it('a service without its autoscaler or budget, and an invalid object', () => {
    const objects = production().filter((object) => !(object.metadata.name === 'quoting' && ['HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(object.kind)));
    expect(availabilityProblems(objects, { minimumReplicas: 2 })).toEqual([
      'quoting: no PodDisruptionBudget selects its pods',
      'quoting: no HorizontalPodAutoscaler',
      'quoting: 1 replica(s)',
    ]);
    const invalid = production().filter((object) => object.kind === 'Deployment' && object.metadata.name === 'gateway') as Deployment[];
    (invalid[0].spec.template.spec.containers[0] as unknown as Record<string, unknown>)['ports'] = [{ containerPort: 'http' }];
    expect(validationProblems(invalid)).toEqual([{ object: 'apps/v1 Deployment gateway', error: expect.stringContaining('containerPort') }]);
    // a misspelt field, which the schemas alone accept and the API server would drop with the probe
    const misspelt = production().filter((object) => object.kind === 'Deployment' && object.metadata.name === 'tenancy') as Deployment[];
    const container = misspelt[0].spec.template.spec.containers[0] as unknown as Record<string, unknown>;
    container['readinesProbe'] = container['readinessProbe'];
    delete container['readinessProbe'];
    expect(validationProblems(misspelt)).toEqual([
      { object: 'apps/v1 Deployment tenancy', error: '/spec/template/spec/containers/0/readinesProbe is not a field of Container' },
    ]);
  });
});
