// The nested GraphQL queries of scenario 3, written from the live schemas: every scalar field of
// transaction, item, item option and item category, so the GraphQL answer carries the same data as
// the REST zoom. PostGraphile derives its names from the tables, so its query selects the fields
// both schemas share, through PostGraphile's relation names.
import type { Send } from './api.js';

interface TypeRef { kind: string; name: string | null; ofType?: TypeRef | null }
interface FieldInfo { name: string; args: Array<{ type: TypeRef }>; type: TypeRef }

const TYPE_QUERY = `query($n: String!) { __type(name: $n) { fields { name args { type { kind } } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }`;

function leafKind(t: TypeRef): string {
  let cur: TypeRef | null | undefined = t;
  while (cur && (cur.kind === 'NON_NULL' || cur.kind === 'LIST')) cur = cur.ofType;
  return cur?.kind ?? 'UNKNOWN';
}

export type Post = (query: string, variables?: Record<string, unknown>) => Promise<any>;

export function graphqlPoster(send: Send, path: string, token?: string): Post {
  return async (query, variables) => {
    const res = await send('POST', path, { token, json: { query, variables } });
    if (res.status !== 200 || res.body?.errors) throw new Error(`GraphQL ${path}: HTTP ${res.status} ${res.text.slice(0, 400)}`);
    return res.body.data;
  };
}

/** Scalar and enum fields of a type that take no required argument. */
export async function scalarFields(post: Post, type: string): Promise<string[]> {
  const data = await post(TYPE_QUERY, { n: type });
  const fields: FieldInfo[] | undefined = data.__type?.fields;
  if (!fields) throw new Error(`type ${type} is not in the schema`);
  return fields.filter((f) => ['SCALAR', 'ENUM'].includes(leafKind(f.type)) && !f.args.some((a) => a.type.kind === 'NON_NULL'))
    .map((f) => f.name);
}

export async function relationField(post: Post, type: string, name: string): Promise<string> {
  const data = await post(TYPE_QUERY, { n: type });
  if (!data.__type?.fields?.some((f: FieldInfo) => f.name === name)) throw new Error(`${type}.${name} is not in the schema`);
  return name;
}

export interface NestedQuery {
  query: string;
  variables: Record<string, unknown>;
}

/** Our schema: store { transactions { nodes { … items { nodes { … itemOptions { nodes } itemCategory } } } } }. */
export async function appQuery(post: Post): Promise<{ build(first: number): NestedQuery; fields: Record<string, string[]> }> {
  const fields = {
    Transaction: await scalarFields(post, 'Transaction'),
    Item: await scalarFields(post, 'Item'),
    ItemOption: await scalarFields(post, 'ItemOption'),
    ItemCategory: await scalarFields(post, 'ItemCategory'),
  };
  const sel = (t: keyof typeof fields) => fields[t].join(' ');
  const query = `query Bench($first: Int!) { store { transactions(first: $first) { nodes { ${sel('Transaction')}
    items { nodes { ${sel('Item')} itemOptions { nodes { ${sel('ItemOption')} } } itemCategory { ${sel('ItemCategory')} } } } } } } }`;
  return { fields, build: (first) => ({ query, variables: { first } }) };
}

/** PostGraphile 4 names: allTransactions, itemsByTransactionId, itemOptionsByItemId, itemCategoryByItemCategoryId. */
export async function postgraphileQuery(post: Post, ours: Record<string, string[]>): Promise<{ build(first: number, storeId: number): NestedQuery; fields: Record<string, string[]> }> {
  const fields: Record<string, string[]> = {};
  for (const t of Object.keys(ours)) {
    const theirs = new Set(await scalarFields(post, t));
    fields[t] = ours[t].filter((f) => theirs.has(f));
  }
  await relationField(post, 'Transaction', 'itemsByTransactionId');
  await relationField(post, 'Item', 'itemOptionsByItemId');
  await relationField(post, 'Item', 'itemCategoryByItemCategoryId');
  const sel = (t: string) => fields[t].join(' ');
  const query = `query Bench($first: Int!, $store: BigInt!) {
    allTransactions(first: $first, condition: { storeId: $store }, orderBy: [PRIMARY_KEY_ASC]) { nodes { ${sel('Transaction')}
      itemsByTransactionId(orderBy: [PRIMARY_KEY_ASC]) { nodes { ${sel('Item')}
        itemOptionsByItemId(orderBy: [PRIMARY_KEY_ASC]) { nodes { ${sel('ItemOption')} } }
        itemCategoryByItemCategoryId { ${sel('ItemCategory')} } } } } } }`;
  return { fields, build: (first, storeId) => ({ query, variables: { first, store: String(storeId) } }) };
}

/** Scenario 6 needs a subscription root field `events`; the reason it is skipped otherwise. */
export async function subscriptionSupport(post: Post): Promise<string | undefined> {
  const data = await post('{ __schema { subscriptionType { name fields { name type { kind name ofType { name } } } } } }');
  const root = data.__schema.subscriptionType;
  if (!root) return 'the GraphQL schema has no subscription root type yet';
  const events = root.fields.find((f: { name: string }) => f.name === 'events');
  // graphql-js takes a type named `Subscription` as the root when no `schema {}` says otherwise:
  // the commerce Subscription resource is that type until the real root exists.
  const type = events?.type?.name ?? events?.type?.ofType?.name;
  if (!events || type !== 'Event') return `the subscription root is \`${root.name}\` and has no field \`events: Event!\``;
  return undefined;
}
