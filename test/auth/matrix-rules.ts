// The declared access rules, written out independently of src/auth/scopes.ts so the scope matrix
// compares the service against the declarations (@resource owner/read/write, the token chain),
// not against itself. Also builds one token per scope the way an integration gets it.
import { containerOf } from '../../src/app.js';
import type { FastifyInstance } from 'fastify';
import type { Registry, ResourceDef } from '../../src/model/types.js';
import { narrowToken } from '../helpers/tokens.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { seedEveryResource } from './fixtures.js';

export interface MatrixToken {
  label: string;
  token: string;
  level: 'client' | 'user' | 'store';
  scopes: Set<string>;
}

export type Mode = 'read' | 'write';

/** Every area scope any resource declares, read from the registry (so new scopes join the matrix). */
export function declaredAreaScopes(registry: Registry): string[] {
  return [...new Set(registry.resources.flatMap((r) => [...r.scopes.read, ...r.scopes.write, ...r.scopes.resend]))].sort();
}

/** Children declared `owner: PARENT` are governed by the parent they are reached through. */
export function governing(parent: ResourceDef, child: ResourceDef): ResourceDef {
  return child.owner === 'PARENT' ? parent : child;
}

export function expectedAllowed(r: ResourceDef, mode: Mode, t: MatrixToken): boolean {
  const has = (s: string) => t.scopes.has(s);
  switch (r.owner) {
    case 'CLIENT': return has('client_full_access');
    // The user behind a store token may be read by its store_full_access token.
    case 'GLOBAL': return mode === 'read' ? has('user_full_access') || has('store_full_access') : has('user_full_access');
    // A store may be read by any token of it, changed by its full-access token or its user's.
    case 'USER': return mode === 'read' ? has('user_full_access') || t.level === 'store' : has('user_full_access') || has('store_full_access');
    case 'STORE':
    case 'PARENT': {
      if (t.level !== 'store') return false;
      const area = mode === 'read' ? [...r.scopes.read, ...r.scopes.write] : r.scopes.write;
      return has('store_full_access') || area.some(has);
    }
  }
}

/**
 * Creating or changing a webhook (not deleting it) also needs read access to what it delivers
 * (issue 15: one access rule for events): the matrix world's webhooks deliver transactions.
 */
export function expectedWebhookWrite(registry: Registry, r: ResourceDef, method: string, t: MatrixToken): boolean {
  const base = expectedAllowed(r, 'write', t);
  if (r.name !== 'webhook' || method === 'DELETE') return base;
  return base && expectedAllowed(registry.resource('transaction'), 'read', t);
}

/**
 * Resending (an action whose name says send: svc:send_webhooks, resendWebhook) needs a declared
 * resend scope with the resource's write scope, or store_full_access (spec: "webhooks_write;
 * resending also needs webhooks_resend").
 */
export function isResendAction(name: string): boolean {
  return /send/i.test(name);
}

export function expectedResend(registry: Registry, t: MatrixToken): boolean {
  // The resend scope on top of the same resource's write scope (spec: "resending also needs").
  const both = registry.resources.some((r) => r.scopes.resend.some((s) => t.scopes.has(s)) && r.scopes.write.some((s) => t.scopes.has(s)));
  return t.level === 'store' && (t.scopes.has('store_full_access') || both);
}

export interface MatrixWorld {
  chain: Chain;
  tokens: MatrixToken[];
  /** A stored row id of every resource, in the chain's store. */
  ids: Map<string, number>;
}

export async function matrixWorld(app: FastifyInstance): Promise<MatrixWorld> {
  const chain = await tokenChain(app);
  const registry = app.container.registry;
  const storeScopes = ['store_full_access', ...declaredAreaScopes(registry)];
  const tokens: MatrixToken[] = [
    { label: 'client_full_access', token: chain.clientToken, level: 'client', scopes: new Set(['client_full_access']) },
    { label: 'user_full_access', token: chain.userToken, level: 'user', scopes: new Set(['user_full_access']) },
  ];
  for (const s of storeScopes) tokens.push({ label: s, token: await narrowToken(app, chain, s), level: 'store', scopes: new Set([s]) });
  const idOf = (href: string) => Number(href.split('/').pop());
  const clientRow = await containerOf(app).database.db.selectFrom('clients').select('id').where('client_id', '=', chain.clientId).executeTakeFirstOrThrow();
  const ids = await seedEveryResource(app, { store: idOf(chain.storeHref), user: idOf(chain.userHref), client: Number(clientRow.id) });
  return { chain, tokens, ids };
}
