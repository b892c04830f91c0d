// The home resource, client registration (`svc:create_client`) and user creation (`svc:create_user`).
// The OAuth endpoints (`svc:token`, revocation, introspection) are in oauth-routes.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createUserWithToken, registerClient } from '../auth/oauth.js';
import type { Representation } from '../representations/types.js';
import { bodyObject } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { representOne } from './represent.js';
import { actionFields } from './links.js';
import { DOCS_PATH, OPENAPI_PATH } from '../openapi/routes.js';

function home(req: FastifyRequest): Representation {
  const base = req.server.container.config.baseUrl;
  const p = req.principal;
  const links: Representation['links'] = [];
  const add = (rel: string, href: string, title: string) => links.push({ rel, link: { href, title } });
  let message = 'Welcome. Register a client (svc:create_client), then follow the links.';
  if (p.kind === 'anonymous') {
    add('svc:create_client', `${base}/clients`, 'Register a client (POST)');
  } else if (p.kind === 'client') {
    message = 'Connected as a client. Create a user (svc:create_user) or check one with svc:reporting.';
    add('svc:reporting', `${base}/reporting`, 'Reporting: check whether a user or store exists');
    add('svc:client', `${base}/clients/${p.clientId}`, 'Your client');
    add('svc:create_user', `${base}/users`, 'Create a user (POST)');
  } else if (p.kind === 'user') {
    message = 'Connected as a user. Create or open a store through svc:stores.';
    add('svc:user', `${base}/users/${p.userId}`, 'Your user');
    add('svc:stores', `${base}/users/${p.userId}/stores`, 'Your stores');
  } else {
    message = 'Connected to a store.';
    add('svc:store', `${base}/stores/${p.storeId}`, 'Your store');
    add('svc:user', `${base}/users/${p.userId}`, 'Your user');
  }
  add('svc:token', `${base}/token`, 'OAuth 2.0 token endpoint');
  // RFC 8631: the machine-readable description and its human documentation.
  add('service-desc', `${base}${OPENAPI_PATH}`, 'OpenAPI 3.1 description of this API');
  add('service-doc', `${base}${DOCS_PATH}`, 'API documentation');
  return { self: { href: `${base}/`, title: 'Home' }, class: ['home'], properties: { message }, links, embedded: [], actions: homeActions(req, p) };
}

/** A form for each POST link of the home resource (registering a client, creating a user or a store). */
function homeActions(req: FastifyRequest, p: FastifyRequest['principal']): Representation['actions'] {
  const { registry, config: { baseUrl: base } } = req.server.container;
  const form = (name: string, href: string, resource: string, title: string) =>
    ({ name, method: 'POST' as const, href, title, fields: actionFields(registry.resource(resource)) });
  if (p.kind === 'anonymous') return [form('create_client', `${base}/clients`, 'client', 'Register a client')];
  if (p.kind === 'client') return [form('create_user', `${base}/users`, 'user', 'Create a user')];
  if (p.kind === 'user') return [form('create_store', `${base}/users/${p.userId}/stores`, 'store', 'Create a store')];
  return [];
}

export function registerHomeRoutes(app: FastifyInstance): void {
  // RFC 8631 also as Link headers, for clients that look there before reading a body.
  const describedBy = `<${app.container.config.baseUrl}${OPENAPI_PATH}>; rel="service-desc", <${app.container.config.baseUrl}${DOCS_PATH}>; rel="service-doc"`;
  app.get('/', { config: { rest: true } }, async (req, reply) => sendRepresentation(req, reply, home(req), { headers: { link: describedBy } }));

  app.post('/clients', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const { client, clientSecret, token } = await registerClient(ctx, app.container.tokens, bodyObject(req));
    const member = await representOne(ctx, ctx.registry.resource('client'), client);
    const clientId = client.client_id as string;
    const rep = {
      self: member.self, class: member.class,
      properties: { message: `client ${clientId} created successfully.`, token, client_id: clientId, client_secret: clientSecret },
      links: member.links.filter((l) => l.rel === 'svc:attributes'), embedded: [], actions: [],
    };
    return sendRepresentation(req, reply, rep, { status: 201, headers: { location: rep.self.href, 'cache-control': 'no-store' } });
  });

  app.post('/users', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const { user, token } = await createUserWithToken(ctx, app.container.tokens, bodyObject(req));
    const rep = await representOne(ctx, ctx.registry.resource('user'), user);
    rep.properties.token = token;
    return sendRepresentation(req, reply, rep, { status: 201, headers: { location: rep.self.href, 'cache-control': 'no-store' } });
  });
}
