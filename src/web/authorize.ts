// The authorization endpoint (RFC 6749 §4.1.1; PKCE S256, required of public clients): log-in, a consent page showing
// who is asking (the client's project_* and company_* fields) and, for store-level scopes, which
// store; approval redirects with a code and the state, denial with error=access_denied.
// Until client_id and redirect_uri are known good nothing redirects (RFC 6749 §4.1.2.1).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userStores } from '../auth/accounts.js';
import { findClient } from '../auth/clients.js';
import { clientAllows, isPublicClient } from '../auth/client-auth.js';
import { CHALLENGE, createCode } from '../auth/codes.js';
import { STORE_FULL, USER_FULL, storeScopes } from '../auth/scopes.js';
import type { Values } from '../data/codec.js';
import { currentUser, sendLogin } from './login.js';
import { consentPage } from './consent.js';
import { pageHeaders } from './layout.js';
import { WebError } from './session.js';
import { hasNul } from '../services/coerce.js';
import type { Web } from './index.js';

export const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

export interface AuthzRequest {
  client: Values;
  redirectUri: string;
  scope: string;
  storeLevel: boolean;
  /** Absent when a confidential client sent no PKCE challenge. */
  challenge?: string;
  /** Whether the request named redirect_uri (then the token request must repeat it). */
  redirectUriSent: boolean;
  /** The request's parameters, carried through the consent form. */
  params: Record<string, string>;
}

/** An error the client hears about at its redirect URI. */
class Redirect {
  constructor(readonly url: string) {}
}

export function redirectUrl(req: AuthzRequest | { redirectUri: string; params: Record<string, string> }, base: string,
  values: Record<string, string>): string {
  const url = new URL(req.redirectUri);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  if (req.params.state !== undefined) url.searchParams.set('state', req.params.state);
  // RFC 9207: the issuer identifies who answers, against mix-up attacks.
  url.searchParams.set('iss', base);
  return url.toString();
}

async function parseRequest(web: Web, req: FastifyRequest, raw: Record<string, unknown>): Promise<AuthzRequest> {
  const params: Record<string, string> = {};
  for (const name of PARAMS) {
    const v = raw[name];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' || v.length > 2000) throw new WebError(400, `The parameter ${name} must be given once.`);
    // Looked up in the database (client_id), where text cannot hold NUL: a 500 on PostgreSQL before.
    if (hasNul(v)) throw new WebError(400, `The parameter ${name} must not contain NUL characters.`);
    params[name] = v;
  }
  const ctx = web.context(req);
  const client = params.client_id ? await findClient(ctx, params.client_id) : undefined;
  if (!client) throw new WebError(400, 'The application that sent you here is not registered (unknown client_id).');
  // RFC 6749 §3.1.2.3: with one registered redirect URI the request may leave it out.
  const redirectUri = params.redirect_uri ?? String(client.redirect_uri ?? '');
  if (redirectUri !== client.redirect_uri || !URL.canParse(redirectUri)) {
    throw new WebError(400, 'The application that sent you here gave a redirect_uri it did not register.');
  }
  const base = { redirectUri, params };
  const fail = (error: string, description: string) =>
    new Redirect(redirectUrl(base, ctx.baseUrl, { error, error_description: description }));
  if (params.response_type !== 'code') throw fail('unsupported_response_type', 'response_type must be code');
  if (!clientAllows(client as Values, 'authorization_code')) throw fail('unauthorized_client', 'this client may not use the authorization code flow');
  const pkce = params.code_challenge !== undefined || params.code_challenge_method !== undefined || isPublicClient(client as Values);
  if (pkce && (params.code_challenge_method !== 'S256' || !CHALLENGE.test(params.code_challenge ?? ''))) {
    throw fail('invalid_request', `PKCE ${isPublicClient(client as Values) ? 'is required of public clients' : 'was started'}: code_challenge (43 base64url characters) with code_challenge_method S256`);
  }
  if ((params.state?.length ?? 0) > 500) throw fail('invalid_request', 'state is longer than 500 characters');
  const known = new Set([USER_FULL, ...storeScopes(ctx.registry)]);
  const scopes = [...new Set((params.scope ?? STORE_FULL).split(' ').filter(Boolean))];
  if (!scopes.length || scopes.some((s) => !known.has(s)) || (scopes.includes(USER_FULL) && scopes.length > 1)) {
    throw fail('invalid_scope', `scope must be ${USER_FULL}, or store scopes among: ${storeScopes(ctx.registry).join(' ')}`);
  }
  return {
    client: { ...client, id: Number(client.id) }, redirectUri, redirectUriSent: params.redirect_uri !== undefined, scope: scopes.join(' '),
    storeLevel: !scopes.includes(USER_FULL), challenge: pkce ? params.code_challenge : undefined, params,
  };
}

function redirect(reply: FastifyReply, url: string): FastifyReply {
  return pageHeaders(reply).redirect(url, 302);
}

export function registerAuthorize(app: FastifyInstance, web: Web): void {
  app.get('/authorize', async (req, reply) => {
    let authz: AuthzRequest;
    try {
      authz = await parseRequest(web, req, req.query as Record<string, unknown>);
    } catch (err) {
      if (err instanceof Redirect) return redirect(reply, err.url);
      throw err;
    }
    const current = await currentUser(web, req);
    if (!current) return sendLogin(web, reply, await web.sessions.ensure(req, reply), req.url);
    const stores = authz.storeLevel ? await userStores(web.context(req), current.user.id) : [];
    return consentPage(web, reply, current.session, current.user, authz, stores);
  });

  app.post('/authorize', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const current = await currentUser(web, req);
    web.checkForm(req, current?.session ?? null, body.csrf, 'consent');
    if (!current) throw new WebError(403, 'Your session has ended; start again from the application.');
    let authz: AuthzRequest;
    try {
      authz = await parseRequest(web, req, body);
    } catch (err) {
      if (err instanceof Redirect) return redirect(reply, err.url);
      throw err;
    }
    const base = web.context(req).baseUrl;
    if (body.decision !== 'approve') {
      return redirect(reply, redirectUrl(authz, base, { error: 'access_denied', error_description: 'the user denied the request' }));
    }
    let storeId: number | undefined;
    if (authz.storeLevel) {
      const stores = await userStores(web.context(req), current.user.id);
      storeId = stores.find((s) => String(s.id) === body.store_id)?.id as number | undefined;
      if (storeId === undefined) throw new WebError(400, 'Choose one of your stores.');
    }
    const code = await createCode(web.context(req), {
      clientId: authz.client.id, userId: current.user.id, storeId, scope: authz.scope,
      redirectUri: authz.redirectUri, redirectUriSent: authz.redirectUriSent, codeChallenge: authz.challenge,
    });
    return redirect(reply, redirectUrl(authz, base, { code }));
  });
}
