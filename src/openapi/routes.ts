// GET /openapi.json (the generated description, RFC 8631 `service-desc` of the home resource) and
// GET /docs (`service-doc`): Swagger UI rendering it, served entirely from node_modules (no CDN),
// its bootstrap a served script so the page's CSP allows scripts from 'self' only.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './document.js';

const require = createRequire(import.meta.url);
const uiDir = () => dirname(require.resolve('swagger-ui-dist/package.json'));
const uiVersion = () => (require('swagger-ui-dist/package.json') as { version: string }).version;

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const JS = 'text/javascript; charset=utf-8';
// Fixed names only: nothing from the URL ever becomes a path.
const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': JS,
  'swagger-ui.css': 'text/css; charset=utf-8',
};

const INIT = `'use strict';
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('${OPENAPI_PATH}', window.location.href).toString(),
    dom_id: '#docs',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    tryItOutEnabled: false
  });
});
`;

export const DOCS_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST API documentation · commerce API</title>
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
<link rel="service-desc" href="${OPENAPI_PATH}" type="application/openapi+json">
</head>
<body>
<noscript><p>This page renders the OpenAPI description with JavaScript. The description itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></noscript>
<div id="docs"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/assets/init.js"></script>
</body>
</html>
`;

export function registerOpenApiRoutes(app: FastifyInstance): void {
  const { registry, config } = app.container;
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_req, reply) => {
    body ??= JSON.stringify(buildOpenApi(registry, config.baseUrl, config));
    return reply.type('application/json; charset=utf-8').header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(body);
  });

  app.get(DOCS_PATH, async (_req, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP)
    .header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache').send(PAGE));

  const cache = new Map<string, Buffer>();
  app.get<{ Params: { name: string } }>(`${DOCS_PATH}/assets/:name`, async (req, reply) => {
    const { name } = req.params;
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=86400' };
    if (name === 'init.js') return reply.headers(headers).type(JS).send(INIT);
    if (!Object.hasOwn(ASSETS, name)) return reply.code(404).type('text/plain; charset=utf-8').send(`No asset ${name}; the documentation is at ${DOCS_PATH}.`);
    let bytes = cache.get(name);
    if (!bytes) cache.set(name, bytes = await readFile(join(uiDir(), name)));
    return reply.headers({ ...headers, etag: `"${name}@${uiVersion()}"` }).type(ASSETS[name]).send(bytes);
  });
}
