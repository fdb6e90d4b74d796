// Completes package-lock.json with the platform-specific optional packages that the registry
// mirror of these machines does not serve (for example @msgpackr-extract/*-darwin-arm64).
//
// `npm install` silently skips an optional package it cannot fetch and leaves it out of the
// lockfile; `npm ci` then refuses the lockfile as out of sync. Each missing entry is added as an
// optional package restricted to its own os/cpu (read from its name), so `npm ci` records it and
// skips it on every other platform. Run after `npm install` changes the lockfile:
//
//   node scripts/lock-optional-platforms.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OS.includes(token));
  const cpu =
    tokens.find((token) => CPU.includes(token)) ?? (tokens.includes('gnueabihf') ? 'arm' : undefined);
  const libc = tokens.includes('musl')
    ? 'musl'
    : tokens.includes('gnu') || tokens.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

/** Where npm would look for `name` required from the package at `parentPath`. */
function resolves(parentPath, name) {
  let dir = parentPath;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [parentPath, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(parentPath, name)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) {
      console.warn(`skipped ${name}: cannot tell its platform from the name`);
      continue;
    }
    const record = { version: spec.replace(/^[\^~=]/, ''), optional: true };
    if (entry.dev) record.dev = true;
    if (cpu) record.cpu = [cpu];
    if (os) record.os = [os];
    if (libc) record.libc = [libc];
    lock.packages[`node_modules/${name}`] = record;
    added += 1;
  }
}

if (added > 0) {
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  lock.packages = sorted;
  fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
}
console.log(`added ${added} optional platform entries`);
