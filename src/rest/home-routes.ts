// The home resource, client registration (`svc:create_client`), user creation (`svc:create_user`)
// and the OAuth token endpoint (`svc:token`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createUserWithToken, OAuthError, registerClient, tokenGrant } from '../auth/oauth.js';
import type { Representation } from '../representations/types.js';
import { ApiError } from '../services/errors.js';
import { bodyObject } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { representOne } from './represent.js';

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
  return { self: { href: `${base}/`, title: 'Home' }, class: ['home'], properties: { message }, links, embedded: [], actions: [] };
}

function oauthError(reply: FastifyReply, err: OAuthError): FastifyReply {
  if (err.status === 401) reply.header('www-authenticate', 'Basic realm="token"');
  return reply.code(err.status).header('cache-control', 'no-store').header('pragma', 'no-cache')
    .send({ error: err.error, error_description: err.description });
}

export function registerHomeRoutes(app: FastifyInstance): void {
  app.get('/', { config: { rest: true } }, async (req, reply) => sendRepresentation(req, reply, home(req)));

  app.post('/clients', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const { client, clientSecret, token } = await registerClient(ctx, app.container.tokens, bodyObject(req));
    const rep = await representOne(ctx, ctx.registry.resource('client'), client);
    const clientId = client.client_id as string;
    rep.properties = { message: `client ${clientId} created successfully.`, token, client_id: clientId, client_secret: clientSecret };
    rep.links = rep.links.filter((l) => l.rel === 'svc:attributes');
    rep.embedded = [];
    rep.actions = [];
    return sendRepresentation(req, reply, rep, { status: 201, headers: { location: rep.self.href, 'cache-control': 'no-store' } });
  });

  app.post('/users', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const { user, token } = await createUserWithToken(ctx, app.container.tokens, bodyObject(req));
    const rep = await representOne(ctx, ctx.registry.resource('user'), user);
    rep.properties.token = token;
    return sendRepresentation(req, reply, rep, { status: 201, headers: { location: rep.self.href, 'cache-control': 'no-store' } });
  });

  app.post('/token', async (req, reply) => {
    const ctx = serviceContext(req);
    try {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const token = await tokenGrant(ctx, app.container.tokens, req.headers.authorization, body);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(token);
    } catch (err) {
      if (err instanceof OAuthError) return oauthError(reply, err);
      if (err instanceof ApiError) return oauthError(reply, new OAuthError('invalid_request', err.message));
      throw err;
    }
  });
}
