// Test data for every resource of the registry, made the way a client would: valid inputs are
// derived from each field's declared type and constraints, created through the resource's create
// mutation, or inserted through the repository when the API never creates that resource directly
// (transactions, logs, events). Rules the SDL cannot state are met by the few overrides below.
import { containerOf } from '../../src/app.js';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { FieldDef, Registry, ResourceDef } from '../../src/model/types.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { emptyQuery } from '../../src/data/query.js';
import { BASE } from '../helpers/app.js';
import type { Chain } from '../helpers/rest.js';
import { gql, lowerFirst } from './helpers.js';

export interface Made {
  id: string;
  href: string;
}

type Override = unknown | ((fx: Fixtures) => Promise<unknown>);

/** Inputs the generic values would break a resource rule with (src/resources/*). */
export const OVERRIDES: Record<string, Record<string, Override>> = {
  // A downloadable's category must deliver by download.
  downloadable: { itemCategoryUri: async (fx: Fixtures) => (await fx.variant('item_category', { itemDeliveryType: 'DOWNLOADED' })).href },
  // Entries must be events of the webhook's event_resource; the query must parse (issue 15).
  webhook: { eventResource: 'TRANSACTION', events: ['transaction/created', 'transaction/captured'], query: 'zoom=items' },
  fraud_protection: { type: 'VENDOR_MINFRAUD', json: '{"note":"generic"}' },
  native_integration: { provider: 'CUSTOM_TAX', config: '{"url":"https://tax.example/rates"}' },
};

let seq = 0;
const next = () => ++seq;

function numberIn(f: FieldDef): number {
  const lo = f.constraints.min !== undefined ? Number(f.constraints.min) : f.constraints.gt !== undefined ? Number(f.constraints.gt) + 1 : 0;
  const hi = f.constraints.max !== undefined ? Number(f.constraints.max) : lo + 100;
  return Math.min(lo + 2, hi);
}

function text(f: FieldDef): string {
  const { maxLength = 60, minLength = 0 } = f.constraints;
  const base = `${f.name.replace(/_/g, '')}${next()}`;
  return (base.length > maxLength ? base.slice(base.length - maxLength) : base).padEnd(minLength, 'x');
}

/** A valid GraphQL input value of a field that is not a reference. */
export function validValue(f: FieldDef): unknown {
  if (f.enumValues) return f.enumValues[0].gql;
  if (f.list) return [text(f)];
  switch (f.constraints.format) {
    case 'URL': return `https://example.com/${f.name}/${next()}`;
    case 'EMAIL': return `${f.name.replace(/_/g, '')}${next()}@example.com`;
    case 'COUNTRY': return 'US';
    case 'JSON': return '{"k":1}';
    case 'FREQUENCY': return '1m';
    case 'DATE': return f.constraints.future ? '2031-02-03' : '2030-01-02';
    case 'UNIX_TIMESTAMP': return 1_956_528_000;
    default: break;
  }
  switch (f.kind) {
    case 'boolean': return true;
    case 'int': return numberIn(f);
    case 'decimal': return `${numberIn(f)}.25`;
    case 'date': return '2030-01-02';
    case 'datetime': return '2030-01-02T03:04:05+0000';
    default: return text(f);
  }
}

export class Fixtures {
  readonly schema: GraphQLSchema;
  private readonly made = new Map<string, Promise<Made>>();

  constructor(readonly app: FastifyInstance, readonly registry: Registry, readonly chain: Chain, readonly token = chain.storeToken) {
    this.schema = buildSchema(registry, BASE);
    const own = (href: string): Made => ({ id: href.slice(href.lastIndexOf('/') + 1), href });
    this.made.set('store', Promise.resolve(own(chain.storeHref)));
    this.made.set('user', Promise.resolve(own(chain.userHref)));
  }

  /** Whether create<Type> is the generic create (createUser and createStore return token sets). */
  creatable(r: ResourceDef): boolean {
    const m = this.schema.getMutationType()!.getFields()[`create${r.typeName}`];
    return !!m && String(m.type) === `${r.typeName}Payload!`;
  }

  /** The fields a create mutation writes (GraphQL names). */
  writable(r: ResourceDef): FieldDef[] {
    const input = this.schema.getType(`${r.typeName}Input`) as { getFields(): Record<string, unknown> } | undefined;
    const names = new Set(Object.keys(input?.getFields() ?? {}));
    return r.fields.filter((f) => names.has(f.gqlName));
  }

  async input(r: ResourceDef, overrides: Record<string, Override> = {}): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    const all = { ...OVERRIDES[r.name], ...overrides };
    for (const f of this.writable(r)) {
      if (f.gqlName in all) {
        const o = all[f.gqlName];
        out[f.gqlName] = typeof o === 'function' ? await (o as (fx: Fixtures) => Promise<unknown>)(this) : o;
      } else if (f.ref) {
        out[f.gqlName] = (await this.ensure(r.relsByName.get(f.ref)!.target)).href;
      } else if (!f.writeOnly) {
        out[f.gqlName] = validValue(f);
      }
    }
    return out;
  }

  /** Arguments naming the parent a create adds to, when the store is not one of its parents. */
  async parentArgs(r: ResourceDef): Promise<Record<string, string>> {
    const field = this.schema.getMutationType()!.getFields()[`create${r.typeName}`];
    const parents = field.args.filter((a) => a.name.endsWith('Id'));
    if (!parents.length || r.owner === 'PARENT') return {};
    const parentType = parents[0].name.slice(0, -2);
    const parent = this.registry.resources.find((p) => lowerFirst(p.typeName) === parentType)!;
    return { [parents[0].name]: (await this.ensure(parent.name)).id };
  }

  /** Runs create<Type> and returns the new resource, failing with the userErrors otherwise. */
  async create(name: string, overrides: Record<string, Override> = {}): Promise<Made & { input: Record<string, unknown> }> {
    const r = this.registry.resource(name);
    const input = await this.input(r, overrides);
    const args = await this.parentArgs(r);
    const key = lowerFirst(r.typeName);
    const decl = Object.keys(args).map((a) => `$${a}: ID`).join(', ');
    const pass = Object.keys(args).map((a) => `${a}: $${a}`).join(', ');
    const query = `mutation(${decl ? `${decl}, ` : ''}$input: ${r.typeName}Input!) {
      create${r.typeName}(${pass ? `${pass}, ` : ''}input: $input) { ${key} { id href } userErrors { field code message } } }`;
    const res = await gql(this.app, query, { token: this.token, variables: { ...args, input } });
    const payload = res.body.data?.[`create${r.typeName}`];
    if (!payload?.[key]) throw new Error(`create${r.typeName}: ${JSON.stringify(res.body)} with ${JSON.stringify(input)}`);
    return { ...payload[key], input };
  }

  /** One resource of each kind, made once (through its mutation, or the repository). */
  ensure(name: string): Promise<Made> {
    let p = this.made.get(name);
    if (!p) {
      const r = this.registry.resource(name);
      p = name === 'client' ? this.ownClient() : this.creatable(r) ? this.create(name) : this.insert(r);
      this.made.set(name, p);
    }
    return p;
  }

  /** The chain's client, registered by tokenChain. */
  private async ownClient(): Promise<Made> {
    const res = await gql(this.app, '{ viewer { client { id href } } }', { token: this.chain.clientToken });
    return res.body.data.viewer.client;
  }

  /** A resource made once per distinct set of overrides. */
  variant(name: string, overrides: Record<string, unknown>): Promise<Made> {
    const key = `${name}:${JSON.stringify(overrides)}`;
    let p = this.made.get(key);
    if (!p) {
      p = this.create(name, overrides);
      this.made.set(key, p);
    }
    return p;
  }

  /** Inserts a row the API only ever creates as a side effect (checkout, deliveries, the event log). */
  async insert(r: ResourceDef): Promise<Made> {
    const storeId = Number((await this.ensure('store')).id);
    // Side effects of earlier writes (changelogs, the event log) are used as they are.
    const existing = (await containerOf(this.app).repo.list(r, { storeId }, emptyQuery(1))).rows[0];
    if (existing) return { id: String(existing.id), href: `${BASE}${r.path}/${existing.id}` };
    const columns: Record<string, unknown> = { date_created: '2030-01-02T03:04:05+0000', date_modified: '2030-01-02T03:04:05+0000' };
    for (const f of r.fields) {
      if (!f.column || f.ref) continue;
      const v = validValue(f);
      columns[f.column] = f.enumValues ? f.enumValues.find((e) => e.gql === v)!.rest : v;
    }
    for (const rel of r.rels) {
      if (rel.kind === 'one' && rel.fk) columns[rel.fk] = Number((await this.ensure(rel.target)).id);
    }
    if (r.owner === 'STORE' || r.owner === 'PARENT') columns.store_id = storeId;
    const row = await containerOf(this.app).repo.insert(r, columns);
    return { id: String(row.id), href: `${BASE}${r.path}/${row.id}` };
  }
}
