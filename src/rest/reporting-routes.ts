// svc:reporting (client tokens): whether a user with an email, or a store with a domain, exists,
// so an integration can choose between creating one and connecting to it (spec, Authentication 3).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storeIdByDomain, userIdByEmail } from '../auth/accounts.js';
import { CLIENT_FULL } from '../auth/scopes.js';
import type { Representation } from '../representations/types.js';
import type { ServiceContext } from '../services/context.js';
import { apiError, insufficientScope } from '../services/error-catalog.js';
import { sendRepresentation, serviceContext } from './http.js';

interface Check {
  rel: string;
  param: string;
  what: string;
  find: (ctx: ServiceContext, value: string) => Promise<number | undefined>;
  found: { rel: string; path: string; title: string };
}

const CHECKS: Check[] = [
  { rel: 'reporting_email_exists', param: 'email', what: 'user', find: userIdByEmail, found: { rel: 'svc:user', path: '/users', title: 'The user with this email' } },
  { rel: 'reporting_store_domain_exists', param: 'store_domain', what: 'store', find: storeIdByDomain, found: { rel: 'svc:store', path: '/stores', title: 'The store with this domain' } },
];

function requireClient(req: FastifyRequest): void {
  const p = req.principal;
  if (p.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
  if (!p.scopes.has(CLIENT_FULL)) throw insufficientScope([CLIENT_FULL]);
}

const pathOf = (c: Check) => `/reporting/${c.rel.replace(/^reporting_/, '')}`;

function reporting(base: string): Representation {
  return {
    self: { href: `${base}/reporting`, title: 'Reporting' },
    class: ['reporting'],
    properties: { message: 'Check whether a user or a store exists before creating one.' },
    links: CHECKS.map((c) => ({ rel: `svc:${c.rel}`, link: { href: `${base}${pathOf(c)}{?${c.param}}`, templated: true, title: `Does a ${c.param} exist?` } })),
    embedded: [],
    actions: CHECKS.map((c) => ({ name: c.rel, method: 'GET' as const, href: `${base}${pathOf(c)}`, title: `Check a ${c.param}`, fields: [{ name: c.param, type: 'text', required: true }] })),
  };
}

export function registerReportingRoutes(app: FastifyInstance): void {
  const base = app.container.config.baseUrl;
  app.get('/reporting', { config: { rest: true } }, async (req, reply) => {
    requireClient(req);
    return sendRepresentation(req, reply, reporting(base));
  });
  for (const c of CHECKS) {
    app.get(pathOf(c), { config: { rest: true } }, async (req, reply) => {
      requireClient(req);
      const value = (req.query as Record<string, unknown>)[c.param];
      if (typeof value !== 'string' || value === '' || value.length > 300) {
        throw apiError('REPORT_PARAM_REQUIRED', { param: c.param }, { field: c.param });
      }
      const id = await c.find(serviceContext(req), value);
      if (id === undefined) throw apiError('NO_SUCH', { what: `${c.what} with this ${c.param}` });
      const rep: Representation = {
        self: { href: `${base}${pathOf(c)}?${new URLSearchParams({ [c.param]: value })}`, title: c.found.title },
        class: [c.rel], properties: { [c.param]: value, exists: true },
        links: [{ rel: c.found.rel, link: { href: `${base}${c.found.path}/${id}`, title: c.found.title } }],
        embedded: [], actions: [],
      };
      return sendRepresentation(req, reply, rep);
    });
  }
}
