// Mutations: create/update/replace/delete for every writable resource (derived from the registry),
// the token chain (registerClient, createUser, createStore) and the commerce actions (checkout,
// capture, void, refund). Invalid input is answered in userErrors; authentication and scope
// failures are errors with extensions.code.
import type { Registry, ResourceDef } from '../model/types.js';
import { gqlNames } from '../model/names.js';
import { createStoreWithToken, createUserWithToken, registerClient } from '../auth/oauth.js';
import { checkout } from '../commerce/checkout.js';
import { transition, type PaymentAction } from '../commerce/transitions.js';
import type { TokenSet } from '../auth/tokens.js';
import type { Values } from '../data/codec.js';
import { createRow, deleteRow, updateRow, type Parent } from '../services/resource-service.js';
import type { GraphQLContext } from './context.js';
import { userErrorsOf } from './errors.js';
import type { MutationResolvers } from './__generated__/resolvers-types.js';
import { apiError } from '../services/error-catalog.js';

/** GraphQL input (camelCase) to REST names; unknown keys cannot occur (GraphQL validated them). */
export function restInput(r: ResourceDef, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input ?? {})) out[r.fieldsByGql.get(k)?.name ?? k] = v;
  return out;
}

export function idOf(raw: unknown): number {
  const s = String(raw);
  if (!/^[1-9]\d{0,15}$/.test(s)) throw apiError('NO_SUCH', { what: 'resource' });
  return Number(s);
}

function tokenOut(t: TokenSet) {
  return { accessToken: t.access_token, expiresIn: t.expires_in, tokenType: t.token_type, scope: t.scope, refreshToken: t.refresh_token ?? null };
}

interface ParentCandidate { resource: ResourceDef; rel: Parent['rel']; arg: string }

/** The rels a resource is created through, per resource: the registry is fixed, so found once. */
const candidatesOf = new WeakMap<ResourceDef, ParentCandidate[]>();

function parentCandidates(registry: Registry, r: ResourceDef): ParentCandidate[] {
  let found = candidatesOf.get(r);
  if (!found) {
    found = registry.resources.flatMap((p) => p.rels
      .filter((rel) => rel.kind === 'many' && rel.target === r.name && rel.methods.includes('POST'))
      .map((rel) => ({ resource: p, rel, arg: gqlNames(p.typeName).parentArg })));
    candidatesOf.set(r, found);
  }
  return found;
}

/** The parent a create mutation adds to: the one whose `<type>Id` argument was given, else the token's store. */
export function parentOf(registry: Registry, r: ResourceDef, args: Record<string, unknown>, ctx: GraphQLContext): Parent | undefined {
  const candidates = parentCandidates(registry, r);
  for (const { resource, rel, arg } of candidates) {
    const v = args[arg];
    if (v !== undefined && v !== null) return { resource, rel, id: idOf(v) };
  }
  const store = candidates.find((c) => c.resource.name === 'store');
  if (store && ctx.svc.principal.storeId) return { resource: store.resource, rel: store.rel, id: ctx.svc.principal.storeId };
  if (store) throw apiError('STORE_TOKEN_REQUIRED');
  throw apiError('PARENT_REQUIRED', { candidates: candidates.map((c) => c.arg).join(' or ') });
}

/** The commerce actions (REST: POST to a link): a transaction, or why the action was refused. */
function actionResolvers(registry: Registry):
  Pick<MutationResolvers, 'checkoutCart' | 'captureTransaction' | 'voidTransaction' | 'refundTransaction'> {
  const r = registry.resource('transaction');
  const payload = async (fn: () => Promise<Values>) => {
    try {
      return { transaction: await fn(), userErrors: [] };
    } catch (err) {
      return { transaction: null, userErrors: userErrorsOf(err, r) };
    }
  };
  const action = (name: PaymentAction): NonNullable<MutationResolvers['captureTransaction']> =>
    (_, args, ctx) => payload(() => transition(ctx.svc, idOf(args.id), name));
  return {
    checkoutCart: (_, args, ctx) => payload(() => checkout(ctx.svc, idOf(args.id),
      { payment_token: args.paymentToken ?? undefined, recaptcha_token: args.recaptchaToken ?? undefined }, ctx.checkout)),
    captureTransaction: action('capture'),
    voidTransaction: action('void'),
    refundTransaction: action('refund'),
  };
}

export function mutationResolvers(registry: Registry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of registry.resources) {
    const n = gqlNames(r.typeName);
    const key = n.payloadField;
    const payload = async (fn: () => Promise<unknown>) => {
      try {
        return { [key]: await fn(), userErrors: [] };
      } catch (err) {
        return { [key]: null, userErrors: userErrorsOf(err, r) };
      }
    };
    out[n.create] = (_: unknown, args: Record<string, unknown>, ctx: GraphQLContext) => payload(() =>
      createRow(ctx.svc, r, restInput(r, args.input as Record<string, unknown>), { parent: parentOf(registry, r, args, ctx) }));
    out[n.update] = (_: unknown, args: { id: string; input: Record<string, unknown> }, ctx: GraphQLContext) => payload(() =>
      updateRow(ctx.svc, r, idOf(args.id), restInput(r, args.input), 'patch'));
    out[n.replace] = (_: unknown, args: { id: string; input: Record<string, unknown> }, ctx: GraphQLContext) => payload(() =>
      updateRow(ctx.svc, r, idOf(args.id), restInput(r, args.input), 'put'));
    out[n.delete] = async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      try {
        await deleteRow(ctx.svc, r, idOf(args.id));
        return { deletedId: args.id, userErrors: [] };
      } catch (err) {
        return { deletedId: null, userErrors: userErrorsOf(err, r) };
      }
    };
  }
  const handwritten: Pick<MutationResolvers, 'registerClient' | 'createUser' | 'createStore'> = {
    registerClient: async (_, args, ctx) => {
      const r = registry.resource('client');
      try {
        const { client, clientSecret, token } = await registerClient(ctx.svc, ctx.svc.tokens, restInput(r, args.input));
        const clientId = client.client_id as string;
        return { message: `client ${clientId} created successfully.`, client, clientId, clientSecret, token: tokenOut(token), userErrors: [] };
      } catch (err) {
        return { userErrors: userErrorsOf(err, r) };
      }
    },
    createUser: async (_, args, ctx) => {
      const r = registry.resource('user');
      try {
        const { user, token } = await createUserWithToken(ctx.svc, ctx.svc.tokens, restInput(r, args.input));
        return { node: { ...user, __typename: 'User' as const }, token: tokenOut(token), userErrors: [] };
      } catch (err) {
        return { node: null, userErrors: userErrorsOf(err, r) };
      }
    },
    createStore: async (_, args, ctx) => {
      const r = registry.resource('store');
      try {
        const { store, token } = await createStoreWithToken(ctx.svc, ctx.svc.tokens, restInput(r, args.input));
        return { node: { ...store, __typename: 'Store' as const }, token: tokenOut(token), userErrors: [] };
      } catch (err) {
        return { node: null, userErrors: userErrorsOf(err, r) };
      }
    },
  };
  Object.assign(out, handwritten, actionResolvers(registry));
  return out;
}
