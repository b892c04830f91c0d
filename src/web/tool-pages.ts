// What the browser tools this service hosts (GraphiQL at /graphql, Swagger UI at /docs) share: a
// page whose scripts all come from 'self' (prebuilt bundles out of node_modules plus a served
// bootstrap, so no inline code and no CDN), the headers that keep it from being framed or sniffed,
// and the asset route that serves fixed file names only.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const require = createRequire(import.meta.url);

export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

/** A file of an installed package, and the package's version (the asset's ETag). */
export interface PackageAsset {
  pkg: string;
  /** Path inside the package. */
  path: string;
  type: string;
}

/** `formAction`: Swagger UI submits forms to the API itself; GraphiQL submits none. */
export function toolCsp(formAction: "'self'" | "'none'"): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
    "font-src 'self' data:", "connect-src 'self'", "base-uri 'none'", `form-action ${formAction}`, "frame-ancestors 'none'",
  ].join('; ');
}

export interface ToolPage {
  title: string;
  /** Extra `<head>` markup (stylesheets, links). */
  head: string;
  body: string;
}

export function toolPageHtml(p: ToolPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title} · commerce API</title>
${p.head}
</head>
<body>
${p.body}
</body>
</html>
`;
}

export function sendToolPage(reply: FastifyReply, csp: string, html: string): FastifyReply {
  return reply.type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
    .send(html);
}

/**
 * GET `${prefix}/:name`: the bootstrap script under its name, or one of the fixed package files
 * (read once, then kept). Nothing from the URL ever becomes a path.
 */
export function registerToolAssets(app: FastifyInstance, prefix: string, opts: {
  bootstrap: { name: string; source: string };
  assets: Record<string, PackageAsset>;
  /** Where the tool itself is, for the 404 text. */
  home: string;
}): void {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { name: string } }>(`${prefix}/:name`, async (req, reply) => {
    const { name } = req.params;
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=86400' };
    if (name === opts.bootstrap.name) return reply.headers(headers).type(JS).send(opts.bootstrap.source);
    const asset = Object.hasOwn(opts.assets, name) ? opts.assets[name] : undefined;
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send(`No asset ${name}; see ${opts.home}.`);
    let body = cache.get(name);
    if (!body) cache.set(name, body = await readFile(join(packageDir(asset.pkg), asset.path)));
    return reply.headers({ ...headers, etag: `"${name}@${packageVersion(asset.pkg)}"` }).type(asset.type).send(body);
  });
}

function packageDir(pkg: string): string {
  return dirname(require.resolve(`${pkg}/package.json`));
}

function packageVersion(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}
