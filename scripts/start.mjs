// `npm start`: runs the bundled service (dist/server.mjs) in this very process, so the signals an
// orchestrator sends reach the server itself (package.json `exec`s this script, so no shell sits in
// between either). The bundle is made again first when a source file is newer than it and esbuild
// is installed; after `npm ci --omit=dev` esbuild is not, and the existing bundle runs as it is.
// Plain JavaScript, importing nothing but Node until it knows it must build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist', 'server.mjs');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale() {
  if (!existsSync(entry)) return true;
  const lock = join(root, 'package-lock.json');
  const sources = Math.max(newest(join(root, 'src')), existsSync(lock) ? statSync(lock).mtimeMs : 0);
  return sources > statSync(entry).mtimeMs;
}

/** The bundler, or undefined when esbuild is not installed (a production install). */
async function bundler() {
  try {
    return (await import('./bundle.mjs')).bundle;
  } catch (err) {
    if (err?.code === 'ERR_MODULE_NOT_FOUND' && /esbuild/.test(String(err.message))) return undefined;
    throw err;
  }
}

if (stale()) {
  const bundle = await bundler();
  if (bundle) {
    console.error('building dist/server.mjs…');
    await bundle(entry);
  } else if (existsSync(entry)) {
    console.error('dist/server.mjs is older than the sources and esbuild is not installed (production install): running the existing bundle; run `npm run build` where dev dependencies are installed to refresh it');
  } else {
    console.error('dist/server.mjs is missing and esbuild is not installed: run `npm ci && npm run build` before `npm ci --omit=dev` (or `npm prune --omit=dev`)');
    process.exit(1);
  }
}
await import(pathToFileURL(entry).href);
