// Validates Kubernetes objects against the API's schemas with kubernetes-models, which is published as
// ES modules only (the unit tests run as CommonJS, so they call this as a child process).
// Input on stdin: a JSON array of objects. Output on stdout: a JSON array of { object, error } for each
// object that does not validate, or whose apiVersion and kind have no schema.
// The schemas accept fields they do not know, which the API server drops (or refuses, as kubectl's
// strict validation does): a misspelt `readinesProbe` would pass them and leave the pod without its
// probe. So every field is also looked up in the models' type declarations, which list each one.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const modelsRoot = path.dirname(require.resolve('kubernetes-models/package.json'));
const nodeModules = path.dirname(modelsRoot);

/** The fields of the first interface a declaration file exports, each with the declaration file of its type (if it is an object). */
const declarations = new Map();
function fieldsOf(file) {
  if (declarations.has(file)) return declarations.get(file);
  const source = readFileSync(file, 'utf8');
  const imports = new Map();
  for (const [, name, from] of source.matchAll(/^import \{ (\w+) \} from "([^"]+)";$/gm)) {
    const target = from.startsWith('.') ? path.resolve(path.dirname(file), from.replace(/\.js$/, '.d.ts')) : path.join(nodeModules, `${from}.d.ts`);
    imports.set(name, target);
  }
  const body = /^export interface \w+( extends TypeMeta)? \{\n([\s\S]*?)^\}/m.exec(source);
  if (!body) {
    declarations.set(file, null);
    return null;
  }
  const fields = new Map(body[1] ? [['apiVersion', null], ['kind', null]] : []);
  // a field's type is on its line, or opens a map (`{` then `[key: string]: T;`) whose keys are free
  for (const [, name, type] of body[2].matchAll(/^ {4}"([^"]+)"\??: (.+?);?$/gm)) {
    const element = /^(?:Array<)?(\w+)>?$/.exec(type)?.[1];
    const target = element && imports.get(element);
    fields.set(name, target && existsSync(target) ? target : null);
  }
  declarations.set(file, fields);
  return fields;
}

function unknownFields(value, file, at) {
  const fields = file ? fieldsOf(file) : null;
  if (!fields || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unknownFields(item, file, `${at}/${index}`));
  return Object.entries(value).flatMap(([name, field]) =>
    fields.has(name) ? unknownFields(field, fields.get(name), `${at}/${name}`) : [`${at}/${name} is not a field of ${path.basename(file, '.d.ts')}`],
  );
}

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];
for (const object of objects) {
  const name = `${object.apiVersion} ${object.kind} ${object.metadata?.name}`;
  const module = object.apiVersion === 'v1' ? 'kubernetes-models/v1' : `kubernetes-models/${object.apiVersion}`;
  let Model;
  try {
    Model = (await import(module))[object.kind];
  } catch {
    Model = undefined;
  }
  if (typeof Model !== 'function') {
    problems.push({ object: name, error: 'no schema for this apiVersion and kind' });
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push({ object: name, error: error.message });
    continue;
  }
  const declaration = path.join(modelsRoot, object.apiVersion, `${object.kind}.d.ts`);
  for (const error of unknownFields(object, declaration, '')) problems.push({ object: name, error });
}
process.stdout.write(JSON.stringify(problems));
