// User log-in (email and password) shared by the authorization pages and /admin. The form posts to
// /login with where to go back to, which must be one of our own page paths (no open redirect).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateUser, findUser } from '../auth/accounts.js';
import type { Values } from '../data/codec.js';
import { esc, hidden, sendPage } from './layout.js';
import type { Session } from './session.js';
import type { Web } from './index.js';

/** Our page paths: plain segments only, so nothing like `/admin/../x` or `//host` gets through. */
const RETURN_PATH = /^\/(authorize|admin)(\/[A-Za-z0-9_-]+)*$/;

export function safeReturnTo(v: unknown): string {
  if (typeof v !== 'string' || v.length > 4000 || /[\\\s]/.test(v)) return '/admin';
  return RETURN_PATH.test(v.split('?')[0]) ? v : '/admin';
}

export function sendLogin(web: Web, reply: FastifyReply, session: Session, returnTo: string, error?: string): FastifyReply {
  const body = `${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/login">${hidden({ csrf: web.sessions.csrfToken(session, 'login'), return_to: returnTo })}
<label>Email <input type="email" name="email" autocomplete="username" required maxlength="100"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="200"></label>
<button type="submit">Log in</button></form>`;
  return sendPage(reply, 'Log in', body, { status: error ? 401 : 200, sandbox: web.sandbox });
}

/** The logged-in user of the request, or null (no session, expired, or the user is gone). */
export async function currentUser(web: Web, req: FastifyRequest): Promise<{ session: Session; user: Values } | null> {
  const session = await web.sessions.read(req);
  if (!session?.userId) return null;
  const user = await findUser(web.context(req), session.userId);
  return user ? { session, user } : null;
}

export function registerLogin(app: FastifyInstance, web: Web): void {
  app.post('/login', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const session = await web.sessions.read(req);
    web.checkForm(req, session, body.csrf, 'login');
    const returnTo = safeReturnTo(body.return_to);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = email && password ? await authenticateUser(web.context(req), email, password) : null;
    if (!user) return sendLogin(web, reply, session, returnTo, 'Unknown email or wrong password.');
    await web.sessions.start(reply, user.id);
    return reply.redirect(returnTo, 303);
  });

  app.post('/logout', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const session = await web.sessions.read(req);
    web.checkForm(req, session, body.csrf, 'logout');
    await web.sessions.end(session, reply);
    return reply.redirect('/admin', 303);
  });
}
