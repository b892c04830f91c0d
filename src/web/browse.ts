// /browse: where a person pastes an access token once, so the HTML representations of the REST
// facade act with it (see browse-token.ts for how it is kept). The form is CSRF-checked like every
// page form (session-bound token, our Origin), so no other site can plant its own token here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BROWSE_PATH } from '../representations/html.js';
import { browserTokens } from './browse-token.js';
import { esc, hidden, sendPage } from './layout.js';
import type { Web } from './index.js';
import type { Session } from './session.js';

const FORGET_PATH = `${BROWSE_PATH}/forget`;

function describe(p: { kind: string; scopes: ReadonlySet<string>; storeId?: number; userId?: number }): string {
  const who = p.kind === 'store' ? `store ${p.storeId}` : p.kind === 'user' ? `user ${p.userId}` : 'your client';
  return `A ${esc(p.kind)} token is in use (${esc(who)}; scopes ${esc([...p.scopes].join(' '))}).`;
}

async function page(web: Web, req: FastifyRequest, session: Session | null, error?: string): Promise<string> {
  const { container } = req.server;
  const tokens = browserTokens(container);
  const current = tokens.token(req);
  const principal = current ? await container.tokens.principalFromHeader(`Bearer ${current}`) : undefined;
  const state = !current ? '<p>No token is in use: pages show what anyone may see.</p>'
    : principal ? `<p>${describe(principal)}</p>` : '<p class="error">The token in use is no longer valid; paste a new one.</p>';
  const csrf = session ? { set: web.sessions.csrfToken(session, BROWSE_PATH), forget: web.sessions.csrfToken(session, FORGET_PATH) } : undefined;
  return `${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}${state}
<p>Paste an access token to browse and edit with it: the one from registering a client (on the <a href="/">home page</a>),
from <a href="/admin">Get Token</a>, or from the token endpoint. It is kept in an HttpOnly, SameSite=Strict cookie that
only this site's pages use; API clients keep sending their own <code>Authorization</code> header.</p>
<form method="post" action="${BROWSE_PATH}">${hidden({ csrf: csrf?.set })}
<label for="token">Access token</label>
<input id="token" type="password" name="token" autocomplete="off" required maxlength="4096" spellcheck="false">
<button type="submit">Use this token</button></form>
${current ? `<form method="post" action="${FORGET_PATH}">${hidden({ csrf: csrf?.forget })}<button type="submit">Forget the token</button></form>` : ''}
<p><a href="/">Home</a> · <a href="/docs">API documentation</a></p>`;
}

export function registerBrowse(app: FastifyInstance, web: Web): void {
  app.get(BROWSE_PATH, async (req, reply) => {
    const session = await web.sessions.ensure(req, reply);
    return sendPage(reply, 'Use an access token in this browser', await page(web, req, session), { sandbox: web.sandbox });
  });

  app.post(BROWSE_PATH, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const session = await web.sessions.read(req);
    web.checkForm(req, session, body.csrf, BROWSE_PATH);
    const token = typeof body.token === 'string' ? body.token.trim().replace(/^Bearer\s+/i, '') : '';
    const principal = token && token.length <= 4096 ? await req.server.container.tokens.principalFromHeader(`Bearer ${token}`) : null;
    if (!principal || principal.kind === 'anonymous') {
      return sendPage(reply, 'Use an access token in this browser', await page(web, req, session, 'That is not a valid access token (an expired or revoked one is refused too).'),
        { status: 400, sandbox: web.sandbox });
    }
    browserTokens(req.server.container).set(reply, token);
    return reply.redirect('/', 303);
  });

  app.post(FORGET_PATH, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    web.checkForm(req, await web.sessions.read(req), body.csrf, FORGET_PATH);
    browserTokens(req.server.container).clear(reply);
    return reply.redirect(BROWSE_PATH, 303);
  });
}
