// The server-rendered pages (log-in, OAuth consent, /admin), in their own Fastify scope: only they
// parse cookies, and every answer of theirs, pages and redirects alike, carries the page headers.
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance } from 'fastify';
import { registerAdmin } from './admin.js';
import { registerAuthorize } from './authorize.js';
import { errorPage, pageHeaders } from './layout.js';
import { registerLogin } from './login.js';
import { WebError, WebSessions } from './session.js';
import { createWeb } from './web.js';

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const web = createWeb(app.container);
  await app.register(async (scope) => {
    await scope.register(cookie, { secret: WebSessions.cookieSecrets(app.container.tokens.opts.keys) });
    scope.addHook('onRequest', async (_req, reply) => {
      pageHeaders(reply);
    });
    scope.setErrorHandler((err: FastifyError | WebError, req, reply) => {
      if (err instanceof WebError) return errorPage(reply, err.status, err.message, web.sandbox);
      const status = (err as FastifyError).statusCode ?? 500;
      if (status < 500) return errorPage(reply, status, 'The request could not be understood.', web.sandbox);
      req.log.error({ err }, 'page failed');
      return errorPage(reply, 500, 'Something went wrong on our side. Please try again.', web.sandbox);
    });
    registerLogin(scope, web);
    registerAuthorize(scope, web);
    registerAdmin(scope, web);
  });
}
