// `npm start`: bundles the service (again only when a source file is newer than the bundle), then
// runs it. Plain JavaScript so it needs nothing but Node and the installed packages.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist', 'server.mjs');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(entry) || Math.max(newest(join(root, 'src')), statSync(join(root, 'package-lock.json')).mtimeMs) > statSync(entry).mtimeMs) {
  console.log('building…');
  await bundle(entry);
}
await import(entry);
