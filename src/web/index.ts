// The server-rendered pages (log-in, OAuth consent, /admin), in their own Fastify scope: only they
// parse cookies, and every answer of theirs, pages and redirects alike, carries the page headers.
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../auth/principal.js';
import type { AppServices } from '../container.js';
import type { ServiceContext } from '../services/context.js';
import { registerAdmin } from './admin.js';
import { registerBrowse } from './browse.js';
import { registerAuthorize } from './authorize.js';
import { errorPage, pageHeaders } from './layout.js';
import { registerLogin } from './login.js';
import { WebError, WebSessions, type Session } from './session.js';
import { statusOfThrown } from '../rest/errors.js';

/** What every page handler shares: sessions, the sandbox flag, a service context and form checks. */
export interface Web {
  sessions: WebSessions;
  sandbox: boolean;
  /** A service context for the pages: they act for the logged-in user through explicit checks. */
  context(req: FastifyRequest): ServiceContext;
  /** CSRF token of this session and, when the browser names one, our own Origin. */
  checkForm(req: FastifyRequest, session: Session | null, token: unknown, purpose: string): asserts session is Session;
}

export function createWeb(container: AppServices): Web {
  const { config } = container;
  const sessions: WebSessions = new WebSessions(container.tokens.opts.keys, container.clock, config.baseUrl.startsWith('https:'), container.webSessions);
  const origin = new URL(config.baseUrl).origin;
  return {
    sessions,
    sandbox: config.mode === 'sandbox',
    context: (req) => container.context(ANONYMOUS, req.id),
    checkForm(req, session, token, purpose) {
      const from = req.headers.origin;
      if (from !== undefined && from !== origin) throw new WebError(403, 'This form was sent from another site.');
      sessions.checkCsrf(session, token, purpose);
    },
  };
}

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const web = createWeb(app.container);
  await app.register(async (scope) => {
    await scope.register(cookie, { secret: WebSessions.cookieSecrets(app.container.tokens.opts.keys) });
    scope.addHook('onRequest', async (_req, reply) => {
      pageHeaders(reply);
    });
    scope.setErrorHandler((err: FastifyError | WebError, req, reply) => {
      if (err instanceof WebError) return errorPage(reply, err.status, err.message, web.sandbox);
      const status = statusOfThrown(err);
      if (status < 500) return errorPage(reply, status, 'The request could not be understood.', web.sandbox);
      req.log.error({ err }, 'page failed');
      return errorPage(reply, 500, 'Something went wrong on our side. Please try again.', web.sandbox);
    });
    registerLogin(scope, web);
    registerAuthorize(scope, web);
    registerAdmin(scope, web);
    registerBrowse(scope, web);
  });
}
