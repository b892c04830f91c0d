// The OAuth 2.0 endpoints a client calls directly: token (RFC 6749 §3.2), revocation (RFC 7009)
// and introspection (RFC 7662). They speak OAuth's JSON errors, not the REST error body, and need
// no SERVICE-API-VERSION header.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GRANT_TYPES, OAuthError } from '../auth/client-auth.js';
import { CLIENT_FULL, USER_FULL, storeScopes } from '../auth/scopes.js';
import { tokenGrant } from '../auth/grants.js';
import { introspectToken, revokeToken } from '../auth/revocation.js';
import type { ServiceContext } from '../services/context.js';
import { ApiError } from '../services/errors.js';
import { hasNul } from '../services/coerce.js';
import { serviceContext } from './http.js';
import { statusOfThrown } from './errors.js';

function oauthError(reply: FastifyReply, err: OAuthError): FastifyReply {
  // RFC 6749 §5.2: a failed client authentication answers 401 with a challenge.
  if (err.status === 401) reply.header('www-authenticate', 'Basic realm="commerce-api", charset="UTF-8"');
  return reply.code(err.status).send({ error: err.error, error_description: err.description });
}

type Endpoint = (ctx: ServiceContext, req: FastifyRequest) => Promise<unknown>;

function endpoint(app: FastifyInstance, path: string, fn: Endpoint): void {
  app.post(path, {
    // Bodies that fail to parse (malformed JSON, unknown media type) are OAuth errors here too.
    errorHandler: (err: FastifyError, _req, reply) => {
      const status = statusOfThrown(err);
      if (status >= 500) throw err;
      reply.header('cache-control', 'no-store');
      return oauthError(reply, new OAuthError('invalid_request', 'the request body must be application/x-www-form-urlencoded parameters'));
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    // No parameter may hold NUL: client ids, secrets, codes and tokens are looked up in the database.
    if (hasNul(req.body)) return oauthError(reply, new OAuthError('invalid_request', 'parameters must not contain NUL characters'));
    try {
      const out = await fn(serviceContext(req), req);
      return out === undefined ? reply.code(200).send() : reply.send(out);
    } catch (err) {
      if (err instanceof OAuthError) return oauthError(reply, err);
      if (err instanceof ApiError) return oauthError(reply, new OAuthError('invalid_request', err.message));
      throw err;
    }
  });
}

/**
 * RFC 8414 authorization server metadata: the same endpoints this file and /authorize serve, the
 * grants and client authentication methods grants.ts accepts (`none` for public clients), and
 * RFC 9207's `iss` in authorization responses.
 */
export function oauthMetadata(app: FastifyInstance): Record<string, unknown> {
  const base = app.container.config.baseUrl.replace(/\/$/, '');
  const secretMethods = ['client_secret_basic', 'client_secret_post'];
  return {
    issuer: app.container.tokens.opts.issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    revocation_endpoint: `${base}/revoke`,
    introspection_endpoint: `${base}/introspect`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    token_endpoint_auth_methods_supported: [...secretMethods, 'none'],
    revocation_endpoint_auth_methods_supported: secretMethods,
    introspection_endpoint_auth_methods_supported: secretMethods,
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [CLIENT_FULL, USER_FULL, ...storeScopes(app.container.registry)],
    authorization_response_iss_parameter_supported: true,
  };
}

export function registerOAuthRoutes(app: FastifyInstance): void {
  const { tokens } = app.container;
  const metadata = oauthMetadata(app);
  app.get('/.well-known/oauth-authorization-server', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(metadata));
  endpoint(app, '/token', (ctx, req) => tokenGrant(ctx, tokens, req.headers.authorization, req.body));
  endpoint(app, '/revoke', (ctx, req) => revokeToken(ctx, tokens, req.headers.authorization, req.body));
  endpoint(app, '/introspect', (ctx, req) => introspectToken(ctx, tokens, req.headers.authorization, req.body));
}
