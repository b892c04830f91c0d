// `npm start`: compiles the TypeScript once (again only when a source file is newer than the
// build), then runs the compiled server. Plain JavaScript so it needs nothing but Node.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist', 'main.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(entry) || newest(join(root, 'src')) > statSync(entry).mtimeMs) {
  console.log('building…');
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
}
await import(entry);
