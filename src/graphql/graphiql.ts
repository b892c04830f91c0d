// GraphiQL for browsers at GET /graphql, served entirely by this service: the prebuilt UMD bundles
// of graphiql and React come from node_modules under /graphql/assets/*, and the bootstrap is a
// served script too, so the page's CSP allows scripts from 'self' only (no inline code, no CDN).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

// Fixed names only: nothing from the URL ever becomes a path.
const ASSETS: Record<string, { file: () => string; type: string; version: () => string }> = {
  'react.production.min.js': { file: () => join(packageDir('react'), 'umd', 'react.production.min.js'), type: JS, version: () => version('react') },
  'react-dom.production.min.js': { file: () => join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'), type: JS, version: () => version('react-dom') },
  'graphiql.min.js': { file: () => join(packageDir('graphiql'), 'graphiql.min.js'), type: JS, version: () => version('graphiql') },
  'graphiql.min.css': { file: () => join(packageDir('graphiql'), 'graphiql.min.css'), type: CSS, version: () => version('graphiql') },
};

const DEFAULT_QUERY = [
  '# Most fields need an access token: open Headers below and enter',
  '#   { "Authorization": "Bearer <access token>" }',
  '# (a wrong token is refused with 401: leave Headers empty until then).',
  '',
  '{',
  '  viewer {',
  '    scopes',
  '    store { storeName taxes(first: 5) { totalCount nodes { name type rate } } }',
  '  }',
  '}',
  '',
].join('\n');

// Runs in the browser; the schema comes from introspection, so nothing here names a type.
const BOOTSTRAP = `'use strict';
(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).toString() });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultQuery: ${JSON.stringify(DEFAULT_QUERY)},
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: true
  }));
})();
`;

export const GRAPHIQL_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · commerce API</title>
<link rel="stylesheet" href="/graphql/assets/graphiql.min.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL… (it needs JavaScript)</div>
<script src="/graphql/assets/react.production.min.js"></script>
<script src="/graphql/assets/react-dom.production.min.js"></script>
<script src="/graphql/assets/graphiql.min.js"></script>
<script src="/graphql/assets/graphiql-init.js"></script>
</body>
</html>
`;

/** A browser asking for a page, as opposed to a GraphQL client sending a query by GET. */
export function wantsGraphiql(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

export function sendGraphiql(reply: FastifyReply): FastifyReply {
  return reply.type('text/html; charset=utf-8')
    .header('content-security-policy', GRAPHIQL_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
    .send(PAGE);
}

export function registerGraphiqlAssets(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { name: string } }>('/graphql/assets/:name', async (req, reply) => {
    const { name } = req.params;
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=86400' };
    if (name === 'graphiql-init.js') return reply.headers(headers).type(JS).send(BOOTSTRAP);
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`No asset ${name}; GraphiQL is at /graphql.`);
    }
    let body = cache.get(name);
    if (!body) {
      body = await readFile(asset.file());
      cache.set(name, body);
    }
    return reply.headers({ ...headers, etag: `"${name}@${asset.version()}"` }).type(asset.type).send(body);
  });
}
