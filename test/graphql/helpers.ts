// Talking to /graphql the way a client does (POST JSON with a bearer token), plus narrower tokens
// from the token endpoint and the store chains most GraphQL suites start from.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, json, tokenChain, type Chain } from '../helpers/rest.js';

export interface GqlResult {
  status: number;
  body: any;
  res: LightMyRequestResponse;
}

export interface GqlOptions {
  variables?: Record<string, unknown>;
  token?: string;
  operationName?: string;
  headers?: Record<string, string>;
}

export async function gql(app: FastifyInstance, query: string, opts: GqlOptions = {}): Promise<GqlResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({
    method: 'POST', url: '/graphql', headers,
    payload: JSON.stringify({ query, variables: opts.variables, operationName: opts.operationName }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body), res };
}

/** `data`, failing loudly (with the errors) when the operation reported any. */
export async function gqlData(app: FastifyInstance, query: string, opts: GqlOptions = {}): Promise<any> {
  const r = await gql(app, query, opts);
  if (r.body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

/** The codes of a response's errors (extensions.code), in order. */
export function errorCodes(body: any): string[] {
  return (body?.errors ?? []).map((e: any) => e.extensions?.code);
}

/** A token of the chain's store narrowed to `scope` (RFC 6749 §6 refresh with a smaller scope). */
export async function narrowToken(app: FastifyInstance, chain: Chain, scope: string): Promise<string> {
  const res = await call(app, '/token', {
    method: 'POST',
    form: {
      grant_type: 'refresh_token', client_id: chain.clientId, client_secret: chain.clientSecret,
      refresh_token: chain.storeRefresh, scope,
    },
  });
  if (res.statusCode !== 200) throw new Error(`token ${scope}: ${res.statusCode} ${res.body}`);
  return json(res).access_token;
}

/** The chain's token that owns a resource: the client's for clients, the user's for users, else the store's. */
export function ownerToken(chain: Chain, resource: string): string {
  return resource === 'client' ? chain.clientToken : resource === 'user' ? chain.userToken : chain.storeToken;
}

export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export { tokenChain, type Chain };
