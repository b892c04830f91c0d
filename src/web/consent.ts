// The consent page: who asks (the client's project and company, all client-supplied text escaped),
// for which scopes, on which store; approve or deny.
import type { FastifyReply } from 'fastify';
import { STORE_FULL, USER_FULL } from '../auth/scopes.js';
import type { Values } from '../data/codec.js';
import type { AuthzRequest } from './authorize.js';
import { esc, externalLink, hidden, sendPage } from './layout.js';
import type { Session } from './session.js';
import type { Web } from './index.js';

function describeScope(scope: string): string {
  if (scope === STORE_FULL) return 'Everything in the store: settings, orders, customers and webhooks';
  if (scope === USER_FULL) return 'Your account and all of your stores';
  const m = /^(.+)_(read|write|resend)$/.exec(scope);
  if (!m) return scope;
  const area = m[1].replace(/_/g, ' ');
  return m[2] === 'read' ? `Read ${area}` : m[2] === 'write' ? `Read and change ${area}` : `Resend ${area}`;
}

function clientBlock(c: Values): string {
  const logo = typeof c.company_logo === 'string' && /^https:\/\//i.test(c.company_logo)
    ? `<img src="${esc(c.company_logo)}" alt="${esc(c.company_name)} logo">` : '';
  const description = c.project_description ? `<p class="project-description">${esc(c.project_description)}</p>` : '';
  return `<div class="client">${logo}<h2 class="project-name">${esc(c.project_name)}</h2>${description}
<p>by <span class="company-name">${c.company_url ? externalLink(c.company_url, c.company_name) : esc(c.company_name)}</span></p></div>`;
}

function storeChoice(stores: Values[]): string {
  if (!stores.length) return '<p class="error">You have no store yet, so there is nothing to connect.</p>';
  const options = stores.map((s, i) =>
    `<option value="${esc(s.id)}"${i === 0 ? ' selected' : ''}>${esc(s.store_name)} (${esc(s.store_domain)})</option>`).join('');
  return `<label>Store <select name="store_id" required>${options}</select></label>`;
}

export function consentPage(web: Web, reply: FastifyReply, session: Session, user: Values, authz: AuthzRequest, stores: Values[]): FastifyReply {
  const c = authz.client;
  const scopes = authz.scope.split(' ').map((s) => `<li><code>${esc(s)}</code>: ${esc(describeScope(s))}</li>`).join('');
  const canApprove = !authz.storeLevel || stores.length > 0;
  const body = `${clientBlock(c)}
<p>wants to access your account (${esc(user.email)}):</p><ul class="scopes">${scopes}</ul>
<form method="post" action="/authorize">${hidden({ ...authz.params, csrf: web.sessions.csrfToken(session, 'consent') })}
${authz.storeLevel ? storeChoice(stores) : ''}
${canApprove ? '<button type="submit" name="decision" value="approve">Approve</button>' : ''}
<button type="submit" name="decision" value="deny">Deny</button></form>`;
  return sendPage(reply, `Connect ${String(c.project_name)}?`, body, {
    sandbox: web.sandbox, formTargets: [new URL(authz.redirectUri).origin],
  });
}
