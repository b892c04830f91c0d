// What every page handler shares: sessions, the sandbox flag, a service context and form checks.
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../auth/principal.js';
import type { Container } from '../container.js';
import type { ServiceContext } from '../services/context.js';
import { WebError, WebSessions, type Session } from './session.js';

export interface Web {
  sessions: WebSessions;
  sandbox: boolean;
  /** A service context for the pages: they act for the logged-in user through explicit checks. */
  context(req: FastifyRequest): ServiceContext;
  /** CSRF token of this session and, when the browser names one, our own Origin. */
  checkForm(req: FastifyRequest, session: Session | null, token: unknown, purpose: string): asserts session is Session;
}

export function createWeb(container: Container): Web {
  const { config } = container;
  const sessions: WebSessions = new WebSessions(container.tokens.opts.keys, container.clock, config.baseUrl.startsWith('https:'));
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
