// /admin: a logged-in user's stores and, per store, an Integrations page whose "Get Token" button
// creates a client with a store_full_access token pair. The credentials are shown exactly once:
// POST creates them and redirects; the GET after it reads them from a one-time flash cookie.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueIntegration, userStores, type IntegrationCredentials } from '../auth/accounts.js';
import { connectedClients } from '../auth/clients.js';
import type { Values } from '../data/codec.js';
import { esc, hidden, sendPage } from './layout.js';
import { currentUser, sendLogin } from './login.js';
import { WebError } from './session.js';
import type { Web } from './index.js';

const integrationsPath = (storeId: number) => `/admin/stores/${storeId}/integrations`;

async function ownStore(web: Web, req: FastifyRequest, user: Values): Promise<Values> {
  const id = (req.params as { id: string }).id;
  const store = /^[1-9]\d{0,15}$/.test(id) ? (await userStores(web.context(req), user.id)).find((s) => s.id === Number(id)) : undefined;
  if (!store) throw new WebError(404, 'There is no such store among yours.');
  return store;
}

function credentialsBlock(c: IntegrationCredentials): string {
  const rows = (['client_id', 'client_secret', 'access_token', 'refresh_token'] as const)
    .map((k) => `<dt>${k}</dt><dd id="${k}">${esc(c[k])}</dd>`).join('');
  return `<p class="error">Copy these now: they are shown only once.</p><dl class="secret">${rows}</dl>`;
}

export function registerAdmin(app: FastifyInstance, web: Web): void {
  app.get('/admin', async (req, reply) => {
    const current = await currentUser(web, req);
    if (!current) return sendLogin(web, reply, await web.sessions.ensure(req, reply), '/admin');
    const stores = await userStores(web.context(req), current.user.id);
    const rows = stores.map((s) => `<tr><td>${esc(s.store_name)}</td><td>${esc(s.store_domain)}</td>` +
      `<td><a href="${integrationsPath(s.id as number)}">Integrations</a></td></tr>`).join('');
    const body = `<p>Logged in as ${esc(current.user.email)}.</p>
${stores.length ? `<table><tr><th>Store</th><th>Domain</th><th></th></tr>${rows}</table>` : '<p>You have no store yet.</p>'}
<form method="post" action="/logout">${hidden({ csrf: web.sessions.csrfToken(current.session, 'logout') })}<button type="submit">Log out</button></form>`;
    return sendPage(reply, 'Your stores', body, { sandbox: web.sandbox });
  });

  app.get('/admin/stores/:id/integrations', async (req, reply) => {
    const current = await currentUser(web, req);
    if (!current) return sendLogin(web, reply, await web.sessions.ensure(req, reply), req.url.split('?')[0]);
    const store = await ownStore(web, req, current.user);
    const path = integrationsPath(store.id as number);
    const flash = web.sessions.takeFlash(req, reply, current.session, path) as IntegrationCredentials | undefined;
    const clients = await connectedClients(web.context(req), store.id as number);
    const list = clients.length
      ? `<ul>${clients.map((c) => `<li>${esc(c.project_name)} <code>${esc(c.client_id)}</code></li>`).join('')}</ul>` : '<p>No integration yet.</p>';
    const body = `<p><a href="/admin">Your stores</a> › ${esc(store.store_name)}</p>${flash ? credentialsBlock(flash) : ''}
<h2>Connected clients</h2>${list}
<form method="post" action="${path}">${hidden({ csrf: web.sessions.csrfToken(current.session, path) })}
<button type="submit">Get Token</button></form>`;
    return sendPage(reply, `Integrations of ${String(store.store_name)}`, body, { sandbox: web.sandbox });
  });

  app.post('/admin/stores/:id/integrations', async (req, reply) => {
    const current = await currentUser(web, req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    web.checkForm(req, current?.session ?? null, body.csrf, req.url.split('?')[0]);
    if (!current) throw new WebError(403, 'Your session has ended; log in again.');
    const store = await ownStore(web, req, current.user);
    const ctx = web.context(req);
    const user = { ...current.user };
    const credentials = await issueIntegration(ctx, ctx.tokens, user, store);
    const path = integrationsPath(store.id as number);
    web.sessions.setFlash(reply, current.session, path, credentials);
    return reply.redirect(path, 303);
  });
}
