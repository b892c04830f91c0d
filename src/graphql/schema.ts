// Assembles the executable schema: the SDL of schema/ plus what derive.ts adds, with resolvers
// generated from the registry. printSchemaSdl() is what codegen and clients read.
import { addResolversToSchema } from '@graphql-tools/schema';
import { buildASTSchema, Kind, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Registry } from '../model/types.js';
import { deriveSchemaDocument } from '../model/derive.js';
import { loadSourceDocument } from '../model/sdl.js';
import { connectionNode } from '../model/names.js';
import { DateScalar, DateTime, Decimal, JSONScalar } from './scalars.js';
import { enumResolvers, typeResolvers } from './type-resolvers.js';
import { nodeTypeResolver, queryResolvers } from './query-resolvers.js';
import { eventsQuery, eventsSubscription, eventTypeResolvers } from './event-resolvers.js';
import { resendResolvers } from './resend-resolvers.js';
import { uploadResolvers } from './upload-resolvers.js';
import { mutationResolvers } from './mutation-resolvers.js';
import { withRowViews } from './row-views.js';
import type { GraphQLContext } from './context.js';

export function typeDefs(registry: Registry) {
  return deriveSchemaDocument(loadSourceDocument(), registry);
}

/** Keeps the generic root resolvers whose fields the schema actually declares. */
function declared(doc: DocumentNode, type: string, resolvers: Record<string, unknown>): Record<string, unknown> {
  const names = new Set<string>();
  for (const d of doc.definitions) {
    if ((d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.OBJECT_TYPE_EXTENSION) && d.name.value === type) {
      for (const f of d.fields ?? []) names.add(f.name.value);
    }
  }
  return Object.fromEntries(Object.entries(resolvers).filter(([k]) => names.has(k)));
}

/**
 * Objects that compute some fields only when asked: a connection's `edges`, `pageInfo` and
 * `totalCount` (makeConnection) and the viewer's client, user and store. Their field resolvers call
 * them: graphql-js would call a function-valued property by itself, graphql-jit reads it as it is.
 */
function lazyFieldResolvers(doc: DocumentNode): Record<string, Record<string, (o: Record<string, unknown>) => unknown>> {
  const lazy = (name: string) => (o: Record<string, unknown>) => {
    const v = o[name];
    return typeof v === 'function' ? (v as () => unknown).call(o) : v;
  };
  const lazyFields = (type: string) => (type === 'Viewer' ? ['client', 'user', 'store']
    : connectionNode(type) ? ['edges', 'pageInfo', 'totalCount'] : []);
  const out: Record<string, Record<string, (o: Record<string, unknown>) => unknown>> = {};
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    const names = lazyFields(d.name.value);
    const fields = (d.fields ?? []).map((f) => f.name.value).filter((n) => names.includes(n));
    if (fields.length) out[d.name.value] = Object.fromEntries(fields.map((n) => [n, lazy(n)]));
  }
  return out;
}

type RootResolver = (root: unknown, args: unknown, ctx: GraphQLContext, info: unknown) => unknown;

/**
 * Mutations run one after another; each may change rows that the loaders already hold for the
 * fields that follow, so the loaders start afresh after every mutation field.
 */
function clearingLoaders(resolvers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resolvers).map(([name, fn]) => [name, async (...a: Parameters<RootResolver>) => {
    try {
      return await (fn as RootResolver)(...a);
    } finally {
      a[2].loaders.clearAll();
    }
  }]));
}

export function buildSchema(registry: Registry, baseUrl: string): GraphQLSchema {
  const doc = typeDefs(registry);
  const types = typeResolvers(registry, baseUrl);
  // Built from the one document (derive.ts adds its types and root fields as extensions, which
  // buildASTSchema applies itself, so no merge step copies it first), the resolvers set on that
  // schema rather than on a copy, and the SDL rules not checked at every start: the document is the
  // same for every start of a build, and test/graphql/schema-document.test.ts checks it. A cold
  // start spent ~100 ms in the three (BENCHMARKS.md round 20).
  return withRowViews(addResolversToSchema({
    schema: buildASTSchema(doc, { assumeValidSDL: true }),
    updateResolversInPlace: true,
    resolvers: {
      Decimal, DateTime, Date: DateScalar, JSON: JSONScalar,
      ...enumResolvers(registry),
      ...lazyFieldResolvers(doc),
      ...types,
      Event: { ...types.Event, ...eventTypeResolvers(registry) },
      Node: { __resolveType: nodeTypeResolver(registry) },
      Query: declared(doc, 'Query', { ...queryResolvers(registry), events: eventsQuery() }),
      SubscriptionRoot: { events: eventsSubscription() },
      EventSubject: { __resolveType: nodeTypeResolver(registry) },
      // uploadResolvers come last: they replace the generic Downloadable writes (staged uploads).
      Mutation: clearingLoaders(declared(doc, 'Mutation', {
        ...mutationResolvers(registry), ...resendResolvers(registry), ...uploadResolvers(registry),
      })),
    },
  }), registry, baseUrl);
}

/** The full schema as SDL, for codegen and clients (directive definitions included). */
export function printSchemaSdl(registry: Registry): string {
  return printSchema(buildSchema(registry, 'http://localhost'));
}
