#!/usr/bin/env node
// The package registry reachable from our machines does not carry every platform's build of a few
// native packages (@swc/core-darwin-*, sass-embedded-android-*, …). `npm install` then leaves those
// optional entries out of package-lock.json, and `npm ci` refuses the lock file as out of sync.
// This adds each missing optional platform package with the os/cpu its name declares, so `npm ci`
// skips it on every other platform exactly as it would with the full entry. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

const OS = { darwin: 'darwin', linux: 'linux', win32: 'win32', android: 'android', freebsd: 'freebsd' };
const CPU = { x64: 'x64', arm64: 'arm64', arm: 'arm', ia32: 'ia32', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64' };

/** os/cpu/libc from a platform package name such as core-linux-arm64-musl or sass-embedded-win32-x64. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS[part]);
  const cpu = parts.find((part) => CPU[part]);
  if (!os || !cpu) return { os: ['none'], cpu: ['none'] };
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return platform;
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = { version, optional: true, ...platformOf(name) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} optional platform entries added`);
