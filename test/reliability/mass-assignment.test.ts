// Mass assignment: every read-only property of every resource (from the registry), sent in a create,
// a PATCH and a PUT, is ignored as docs/decisions.md says (or refused where a rule says so) and never
// reaches the stored row. Write-once properties refuse a changed value. Secrets and server-computed
// values (client_secret, file_size, is_future_line_item, transaction status and totals) included.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInputObjectType } from 'graphql';
import type { FieldDef, ResourceDef } from '../../src/model/types.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { verifySecret } from '../../src/auth/hashing.js';
import { dynamic } from '../../src/db/database.js';
import { engines } from '../helpers/app.js';
import { call, CLIENT_FORM, json, link, uniq } from '../helpers/rest.js';
import { openWorld, type World } from './support/world.js';

/** A value the field surely does not hold: what an attacker would try to plant. */
function marker(f: FieldDef, current: unknown): unknown {
  if (f.enumValues?.length) return f.enumValues.map((e) => e.rest).find((v) => v !== current) ?? 'planted';
  switch (f.kind) {
    case 'boolean': return !(current === true || current === 1);
    case 'int': return 987654;
    case 'decimal': return '987654.25';
    case 'datetime': return '2001-02-03T04:05:06+0000';
    case 'date': return '2001-02-03';
    case 'json': return '{"planted":1}';
    default: return f.list ? ['planted'] : 'PLANTED-VALUE';
  }
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** Valid create bodies, by collection rel, for the resources the REST facade creates from JSON. */
function createBodies(categoryHref: string): Record<string, () => Record<string, unknown>> {
  return {
    taxes: () => ({ name: 'MA', type: 'global', rate: 5 }),
    item_categories: () => ({ code: uniq('MA'), name: 'MA' }),
    webhooks: () => ({ name: 'MA', format: 'json', encryption_key: 'k'.repeat(32), url: 'https://hooks.example/x', event_resource: 'customer' }),
    fraud_protections: () => ({ type: 'vendor_minfraud' }),
    payment_method_sets: () => ({ description: 'MA' }),
    carts: () => ({ customer_email: 'ma@example.com' }),
    customers: () => ({ email: `${uniq('ma')}@example.com` }),
    items: () => ({ name: 'MA', price: 5, item_category_uri: categoryHref }),
    item_options: () => ({ name: 'size', value: 'L' }),
    attributes: () => ({ name: uniq('ma'), value: 'v' }),
    stores: () => ({ store_name: 'MA', store_domain: uniq('ma'), store_url: 'https://ma.example', store_email: 'ma@example.com', postal_code: '1', region: 'OR', country: 'US' }),
  };
}

describe.each(engines())('mass assignment on %s', (engine) => {
  let w: World;
  const planted: string[] = [];
  beforeAll(async () => {
    w = await openWorld(engine);
  }, 120_000);
  afterAll(async () => {
    console.log(`[figures] mass-assignment ${engine}: ${planted.length} read-only field × operation attempts, 0 stored`);
    await w?.close();
  });

  const registry = () => w.app.container.registry;
  const tokenFor = (r: ResourceDef) => (r.name === 'client' ? w.chain.clientToken : r.name === 'user' ? w.chain.userToken : w.chain.storeToken);
  const row = async (r: ResourceDef, id: number) => dynamic(containerOf(w.app).database.db).selectFrom(r.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Every read-only column of the row is unchanged (date_modified may move, but not to the marker). */
  async function expectUntouched(r: ResourceDef, id: number, before: Record<string, unknown>, plantedBody: Record<string, unknown>, what: string) {
    const after = await row(r, id);
    for (const f of r.fields.filter((x) => x.readOnly && x.column)) {
      const col = f.column!;
      expect(same(after[col], plantedBody[f.name]) && !same(before[col], plantedBody[f.name]), `${what}: ${r.name}.${f.name} took the planted value`).toBe(false);
      if (f.name !== 'date_modified') expect(same(after[col], before[col]), `${what}: ${r.name}.${f.name} changed`).toBe(true);
    }
  }

  it('ignores read-only properties in PATCH and PUT of every resource', async () => {
    const tried: string[] = [];
    for (const r of registry().resources) {
      const id = w.ids.get(r.name);
      const readOnly = r.fields.filter((f) => f.readOnly && f.column);
      if (id === undefined || !readOnly.length) continue;
      for (const method of ['PATCH', 'PUT'] as const) {
        if (!r.methods.includes(method)) continue;
        const before = await row(r, id);
        const current = json(await call(w.app, `${r.path}/${id}`, { token: tokenFor(r) }));
        const plant = Object.fromEntries(readOnly.map((f) => [f.name, marker(f, before[f.column!])]));
        // PUT sends the whole representation back, as the spec says, with the planted values in it.
        const body = method === 'PUT' ? { ...current, ...plant } : plant;
        const res = await call(w.app, `${r.path}/${id}`, { method, token: tokenFor(r), body });
        // Ignored (200), or refused by a rule that documents it (400 read_only, 409 immutable row).
        expect([200, 400, 409], `${method} ${r.name}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        await expectUntouched(r, id, before, plant, `${method} ${r.name}`);
        planted.push(...readOnly.map((f) => `${method} ${r.name}.${f.name}`));
        tried.push(`${method} ${r.name}`);
      }
    }
    expect(tried).toEqual(expect.arrayContaining(['PATCH tax', 'PUT tax', 'PATCH transaction', 'PUT transaction', 'PATCH client', 'PATCH item', 'PATCH cart']));
    if (engine === 'sqlite') expect(tried).toContain('PATCH downloadable');
  });

  it('ignores read-only properties in every create the REST facade offers', async () => {
    const bodies = createBodies(`${w.t.config.baseUrl}/item_categories/${w.ids.get('item_category')}`);
    const tried: string[] = [];
    for (const parent of registry().resources) {
      const parentId = w.ids.get(parent.name);
      if (parentId === undefined) continue;
      for (const rel of parent.rels.filter((x) => x.kind === 'many' && x.methods.includes('POST'))) {
        const make = bodies[rel.name];
        if (!make) continue;
        const r = registry().resource(rel.target);
        const readOnly = r.fields.filter((f) => f.readOnly && f.column);
        const plant = Object.fromEntries(readOnly.map((f) => [f.name, marker(f, undefined)]));
        const res = await call(w.app, `${parent.path}/${parentId}/${rel.name}`, { method: 'POST', token: tokenFor(parent), body: { ...make(), ...plant } });
        expect([200, 201], `POST ${parent.name}/${rel.name}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        const id = Number(link(json(res), 'self').split('/').pop());
        const stored = await row(r, id);
        for (const f of readOnly) expect(same(stored[f.column!], plant[f.name]), `POST ${parent.name}/${rel.name}: ${f.name} planted`).toBe(false);
        planted.push(...readOnly.map((f) => `POST ${r.name}.${f.name}`));
        tried.push(`${parent.name}/${rel.name}`);
      }
    }
    expect(tried).toEqual(expect.arrayContaining(['store/taxes', 'store/webhooks', 'cart/items', 'item/attributes', 'user/stores']));
  });

  it('never stores a client_secret the caller chose, at registration or later', async () => {
    const res = await call(w.app, '/clients', { method: 'POST', form: { ...CLIENT_FORM, client_secret: 'chosen-by-attacker', date_created: '2001-02-03T04:05:06+0000' } });
    expect([201, 400]).toContain(res.statusCode);
    if (res.statusCode === 201) {
      const body = json(res);
      expect(body.client_secret).not.toBe('chosen-by-attacker');
      const stored = await containerOf(w.app).database.db.selectFrom('clients').selectAll().where('client_id', '=', body.client_id).executeTakeFirstOrThrow();
      expect(await verifySecret('chosen-by-attacker', stored.client_secret_hash as string)).toBe(false);
      expect(stored.date_created).not.toBe('2001-02-03T04:05:06+0000');
    }
    const client = registry().resource('client');
    const before = await row(client, w.ids.get('client')!);
    const patch = await call(w.app, `/clients/${w.ids.get('client')}`, { method: 'PATCH', token: w.chain.clientToken, body: { client_secret: 'chosen-by-attacker' } });
    expect([200, 400]).toContain(patch.statusCode);
    const after = await row(client, w.ids.get('client')!);
    expect(after.client_secret_hash).toBe(before.client_secret_hash);
    expect(await verifySecret('chosen-by-attacker', after.client_secret_hash as string)).toBe(false);
    planted.push('POST client.client_secret', 'PATCH client.client_secret');
  });

  it('refuses a changed write-once value (client_id, attribute visibility) and keeps the stored one', async () => {
    for (const r of registry().resources) {
      const id = w.ids.get(r.name);
      if (id === undefined || !r.methods.includes('PATCH')) continue;
      for (const f of r.fields.filter((x) => x.writeOnce && x.column)) {
        const before = await row(r, id);
        const value = f.enumValues?.length ? f.enumValues.map((e) => e.rest).find((v) => v !== before[f.column!]) : `${String(before[f.column!])}changed`;
        const res = await call(w.app, `${r.path}/${id}`, { method: 'PATCH', token: tokenFor(r), body: { [f.name]: value } });
        expect(res.statusCode, `${r.name}.${f.name}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(json(res)._embedded['svc:errors'].map((e: any) => [e.field, e.code])).toContainEqual([f.name, 'write_once']);
        expect((await row(r, id))[f.column!]).toEqual(before[f.column!]);
        planted.push(`PATCH ${r.name}.${f.name}`);
      }
    }
    expect(planted).toEqual(expect.arrayContaining(['PATCH client.client_id', 'PATCH attribute.visibility']));
  });

  it('offers no read-only property in any GraphQL input type', () => {
    const schema = buildSchema(registry(), w.t.config.baseUrl);
    for (const r of registry().resources) {
      const input = schema.getType(`${r.typeName}Input`);
      if (!input || !isInputObjectType(input)) continue;
      const names = Object.keys(input.getFields());
      for (const f of r.fields.filter((x) => x.readOnly)) expect(names, `${r.typeName}Input offers ${f.gqlName}`).not.toContain(f.gqlName);
    }
  });
});
