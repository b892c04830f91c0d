// GraphiQL for browsers at GET /graphql, served entirely by this service (web/tool-pages.ts): the
// prebuilt UMD bundles of graphiql and React come from node_modules under /graphql/assets/*.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSS, JS, registerToolAssets, sendToolPage, toolCsp, toolPageHtml, type PackageAsset } from '../web/tool-pages.js';

const ASSETS: Record<string, PackageAsset> = {
  'react.production.min.js': { pkg: 'react', path: 'umd/react.production.min.js', type: JS },
  'react-dom.production.min.js': { pkg: 'react-dom', path: 'umd/react-dom.production.min.js', type: JS },
  'graphiql.min.js': { pkg: 'graphiql', path: 'graphiql.min.js', type: JS },
  'graphiql.min.css': { pkg: 'graphiql', path: 'graphiql.min.css', type: CSS },
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

export const GRAPHIQL_CSP = toolCsp("'none'");

const PAGE = toolPageHtml({
  title: 'GraphiQL',
  head: `<link rel="stylesheet" href="/graphql/assets/graphiql.min.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>`,
  body: `<div id="graphiql">Loading GraphiQL… (it needs JavaScript)</div>
<script src="/graphql/assets/react.production.min.js"></script>
<script src="/graphql/assets/react-dom.production.min.js"></script>
<script src="/graphql/assets/graphiql.min.js"></script>
<script src="/graphql/assets/graphiql-init.js"></script>`,
});

/** A browser asking for a page, as opposed to a GraphQL client sending a query by GET. */
export function wantsGraphiql(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

export function sendGraphiql(reply: FastifyReply): FastifyReply {
  return sendToolPage(reply, GRAPHIQL_CSP, PAGE);
}

export function registerGraphiqlAssets(app: FastifyInstance): void {
  registerToolAssets(app, '/graphql/assets', { bootstrap: { name: 'graphiql-init.js', source: BOOTSTRAP }, assets: ASSETS, home: 'GraphiQL at /graphql' });
}
