// GET /openapi.json (the generated description, RFC 8631 `service-desc` of the home resource) and
// GET /docs (`service-doc`): Swagger UI rendering it, served entirely from node_modules (no CDN),
// its bootstrap a served script (web/tool-pages.ts) so the page's CSP allows scripts from 'self' only.
import type { FastifyInstance } from 'fastify';
import { CSS, JS, registerToolAssets, sendToolPage, toolCsp, toolPageHtml, type PackageAsset } from '../web/tool-pages.js';
import { buildOpenApi } from './document.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const ASSETS: Record<string, PackageAsset> = {
  'swagger-ui-bundle.js': { pkg: 'swagger-ui-dist', path: 'swagger-ui-bundle.js', type: JS },
  'swagger-ui.css': { pkg: 'swagger-ui-dist', path: 'swagger-ui.css', type: CSS },
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

export const DOCS_CSP = toolCsp("'self'");

const PAGE = toolPageHtml({
  title: 'REST API documentation',
  head: `<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
<link rel="service-desc" href="${OPENAPI_PATH}" type="application/openapi+json">`,
  body: `<noscript><p>This page renders the OpenAPI description with JavaScript. The description itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></noscript>
<div id="docs"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/assets/init.js"></script>`,
});

export function registerOpenApiRoutes(app: FastifyInstance): void {
  const { registry, config } = app.container;
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_req, reply) => {
    body ??= JSON.stringify(buildOpenApi(registry, config.baseUrl, config));
    return reply.type('application/json; charset=utf-8').header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(body);
  });

  app.get(DOCS_PATH, async (_req, reply) => sendToolPage(reply, DOCS_CSP, PAGE));
  registerToolAssets(app, `${DOCS_PATH}/assets`, { bootstrap: { name: 'init.js', source: INIT }, assets: ASSETS, home: `the documentation at ${DOCS_PATH}` });
}
