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
    // V8 keeps a script's source text for as long as the script lives (to compile functions lazily),
    // as one string: two bytes per character once the text holds one character past Latin-1, which
    // the comments esbuild keeps did ('─', '→'). Without whitespace and comments the 7.8 MB text
    // became ~4 MB of ASCII, 15 MB less heap at idle (docs/decisions.md). Names are kept as they
    // are, so stack traces and CPU profiles still read; the source map gives lines.
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

// `npm run build`
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) console.log(await bundle());
