// svc:reporting (client tokens): whether a user with an email, or a store with a domain, exists,
// so an integration can choose between creating one and connecting to it (spec, Authentication 3).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_FULL } from '../auth/scopes.js';
import type { Representation } from '../representations/types.js';
import { ApiError } from '../services/errors.js';
import { sendRepresentation } from './http.js';

interface Check {
  rel: string;
  param: string;
  table: 'users' | 'stores';
  column: 'email' | 'store_domain';
  found: { rel: string; path: string; title: string };
}

const CHECKS: Check[] = [
  { rel: 'reporting_email_exists', param: 'email', table: 'users', column: 'email', found: { rel: 'svc:user', path: '/users', title: 'The user with this email' } },
  { rel: 'reporting_store_domain_exists', param: 'store_domain', table: 'stores', column: 'store_domain', found: { rel: 'svc:store', path: '/stores', title: 'The store with this domain' } },
];

function requireClient(req: FastifyRequest): void {
  const p = req.principal;
  if (p.kind === 'anonymous') throw ApiError.unauthenticated();
  if (!p.scopes.has(CLIENT_FULL)) throw ApiError.forbidden([CLIENT_FULL]);
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
        throw ApiError.invalid([{ field: c.param, code: 'required', message: `give one ${c.param} of at most 300 characters` }]);
      }
      const row = await app.container.database.db.selectFrom(c.table).select('id').where(c.column, '=', value).executeTakeFirst();
      if (!row) throw ApiError.notFound(`${c.table === 'users' ? 'user' : 'store'} with this ${c.param}`);
      const rep: Representation = {
        self: { href: `${base}${pathOf(c)}?${new URLSearchParams({ [c.param]: value })}`, title: c.found.title },
        class: [c.rel], properties: { [c.param]: value, exists: true },
        links: [{ rel: c.found.rel, link: { href: `${base}${c.found.path}/${Number(row.id)}`, title: c.found.title } }],
        embedded: [], actions: [],
      };
      return sendRepresentation(req, reply, rep);
    });
  }
}
