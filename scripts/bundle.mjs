// Bundles the service into one ES module with esbuild: Node then reads and compiles one file at
// start instead of resolving and loading about a thousand (most of the cold start). Used by
// `npm start` (scripts/start.mjs) and by the benchmarks (bench/proc.ts).
// Kept out: better-sqlite3 (a native addon, loaded from node_modules) and pg's optional native
// binding. Packages that look for files of their own at run time (graphiql's assets) are found
// through node_modules as before, so the bundle must live inside the project (or beside a link to
// its node_modules and schema/).
import { build } from 'esbuild';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export async function bundle(outfile = join(root, 'dist', 'server.mjs')) {
  await build({
    entryPoints: [join(root, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pg-native'],
    // CommonJS packages inside an ES module still call require(); give them Node's.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}

// `npm run build`
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) console.log(await bundle());
