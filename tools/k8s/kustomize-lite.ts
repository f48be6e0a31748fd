/**
 * Renders deploy/k8s's kustomizations without kubectl, for the machines that do not have it: only the
 * Kustomize features the manifests use (resources, namespace, labels, images, replicas, and patches that
 * are strategic-merge files matched by kind and name). Anything else is refused, so that a manifest
 * using more is noticed here instead of rendering differently; where kubectl is present the manifest
 * test also checks that both give the same objects.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string }[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'replicas', 'patches']);

/** Kinds that live outside namespaces (only those the manifests could plausibly use). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'IngressClass', 'PriorityClass', 'CustomResourceDefinition']);

/** The strategic-merge keys of the lists the patches may touch; any other list is replaced whole. */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

/** Reads every YAML document of a file, skipping empty ones (a file that starts with `---`). */
export function readObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

export function renderKustomization(directory: string): K8sObject[] {
  const file = ['kustomization.yaml', 'kustomization.yml'].map((name) => path.join(directory, name)).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${directory}: no kustomization.yaml`);
  const kustomization = (readObjects(file)[0] ?? {}) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) throw new Error(`${file}: unsupported fields ${unsupported.join(', ')}`);

  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(directory, resource);
    return statSync(target).isDirectory() ? renderKustomization(target) : readObjects(target);
  });
  assertUnique(objects, file);

  for (const patch of kustomization.patches ?? []) {
    if (Object.keys(patch).join() !== 'path') throw new Error(`${file}: only patches with a path are supported`);
    for (const change of readObjects(path.resolve(directory, patch.path))) {
      const index = objects.findIndex((object) => sameObject(object, change));
      if (index < 0) throw new Error(`${patch.path}: no ${change.kind} ${change.metadata.name} to patch`);
      objects[index] = strategicMerge(objects[index], change) as K8sObject;
    }
  }
  if (kustomization.namespace !== undefined) {
    const namespace = kustomization.namespace;
    objects = objects.map((object) =>
      object.kind === 'Namespace'
        ? { ...object, metadata: { ...object.metadata, name: namespace } }
        : CLUSTER_SCOPED.has(object.kind)
          ? object
          : { ...object, metadata: { ...object.metadata, namespace } },
    );
  }
  for (const label of kustomization.labels ?? []) {
    if (label.includeSelectors || label.includeTemplates) throw new Error(`${file}: labels only on metadata are supported`);
    objects = objects.map((object) => ({ ...object, metadata: { ...object.metadata, labels: { ...object.metadata.labels, ...label.pairs } } }));
  }
  for (const image of kustomization.images ?? []) {
    for (const container of objects.flatMap(podContainers)) {
      const reference = parseImage(String(container['image']));
      if (reference.name !== image.name) continue;
      const name = image.newName ?? reference.name;
      const tag = image.newTag ?? reference.tag;
      const digest = image.digest ?? (image.newTag ? undefined : reference.digest);
      container['image'] = `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
    }
  }
  for (const replica of kustomization.replicas ?? []) {
    const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === replica.name);
    if (!deployment) throw new Error(`${file}: no Deployment ${replica.name} for its replicas`);
    (deployment['spec'] as Record<string, unknown>)['replicas'] = replica.count;
  }
  return objects;
}

/** The containers of a workload's pod template (none for other kinds). */
export function podContainers(object: K8sObject): Record<string, unknown>[] {
  const spec = (object['spec'] as { template?: { spec?: { containers?: Record<string, unknown>[]; initContainers?: Record<string, unknown>[] } } } | undefined)?.template?.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

export function objectKey(object: K8sObject): string {
  return `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

function assertUnique(objects: K8sObject[], file: string): void {
  const seen = new Set<string>();
  for (const key of objects.map(objectKey)) {
    if (seen.has(key)) throw new Error(`${file}: ${key} is defined twice`);
    seen.add(key);
  }
}

function sameObject(object: K8sObject, patch: K8sObject): boolean {
  const group = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
  return object.kind === patch.kind && object.metadata.name === patch.metadata.name && group(object.apiVersion) === group(patch.apiVersion);
}

function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > slash ? { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest } : { name: withoutDigest, digest };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps merge key by key (null removes), lists with a merge key merge item by item, other lists are replaced. */
function strategicMerge(base: unknown, patch: unknown, field = ''): unknown {
  if (Array.isArray(base) && Array.isArray(patch) && MERGE_KEYS[field]) {
    const key = MERGE_KEYS[field];
    const merged = base.map((item) => {
      const change = patch.find((candidate) => isRecord(candidate) && isRecord(item) && candidate[key] === item[key]);
      return change === undefined ? item : strategicMerge(item, change);
    });
    const added = patch.filter((candidate) => !base.some((item) => isRecord(candidate) && isRecord(item) && candidate[key] === item[key]));
    return [...merged, ...added];
  }
  if (!isRecord(base) || !isRecord(patch)) return patch;
  const result: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = name in base ? strategicMerge(base[name], value, name) : value;
  }
  return result;
}
