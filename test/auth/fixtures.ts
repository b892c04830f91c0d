// One stored row of every resource in a store, built from the registry and the database schema
// alone (SQLite), so a suite that must touch every route has a real id for each, including
// resources added later. Rows go in foreign-key order; values follow each field's declared kind.
import { containerOf } from '../../src/app.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { FieldDef, Registry, ResourceDef } from '../../src/model/types.js';
import { formatTimestamp } from '../../src/services/clock.js';
import { dynamic } from '../../src/db/database.js';

interface Column { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }
interface ForeignKey { table: string; from: string }

function sample(f: FieldDef | undefined, sqlType: string): unknown {
  if (!f) return /int/i.test(sqlType) ? 0 : 'x';
  if (f.enumValues?.length) return f.enumValues[0].rest;
  switch (f.kind) {
    case 'boolean': return 0;
    case 'int': return 1;
    case 'decimal': return '1';
    case 'datetime': return formatTimestamp(new Date());
    case 'date': return '2026-01-01';
    case 'json': return '{}';
    default: break;
  }
  const byFormat: Record<string, string> = {
    URL: 'https://fixture.example/x', EMAIL: 'fixture@example.com', COUNTRY: 'US', JSON: '{}', DATE: '2026-01-01',
    FREQUENCY: '1m', UNIX_TIMESTAMP: '0',
  };
  return byFormat[f.constraints.format ?? ''] ?? 'fixture';
}

/** The rel (preferably the store's) through which rows of `r` hang off a parent with a discriminator. */
function polymorphicParent(registry: Registry, r: ResourceDef, have: Map<string, number>) {
  const rels = registry.resources.flatMap((p) => p.rels.filter((x) => x.target === r.name && x.where).map((rel) => ({ p, rel })));
  return rels.find((x) => x.p.name === 'store') ?? rels.find((x) => have.has(x.p.name));
}

export async function seedEveryResource(app: FastifyInstance, given: Record<string, number>): Promise<Map<string, number>> {
  const { registry, database } = containerOf(app);
  const db = database.db;
  const have = new Map(Object.entries(given));
  const byTable = new Map(registry.resources.map((r) => [r.table, r]));
  let pending = registry.resources.filter((r) => !have.has(r.name));
  while (pending.length) {
    const next: ResourceDef[] = [];
    for (const r of pending) {
      const cols = (await sql<Column>`select * from pragma_table_info(${r.table})`.execute(db)).rows;
      const fks = (await sql<ForeignKey>`select * from pragma_foreign_key_list(${r.table})`.execute(db)).rows;
      const values: Record<string, unknown> = {};
      let ready = true;
      for (const fk of fks) {
        const target = byTable.get(fk.table);
        const id = target ? have.get(target.name) : undefined;
        if (id !== undefined) values[fk.from] = id;
        else if (cols.find((c) => c.name === fk.from)?.notnull) ready = false;
      }
      if (!ready) {
        next.push(r);
        continue;
      }
      // A row the store already has (its DEFAULT item category, the events of its creation) will do.
      if (cols.some((c) => c.name === 'store_id')) {
        const existing = await dynamic(db).selectFrom(r.table).select('id').where('store_id', '=', given.store).orderBy('id').executeTakeFirst();
        if (existing) {
          have.set(r.name, Number(existing.id));
          continue;
        }
      }
      const poly = polymorphicParent(registry, r, have);
      if (poly?.rel.where && have.has(poly.p.name)) {
        values[poly.rel.where.column] = poly.rel.where.value;
        values[poly.rel.via!] = have.get(poly.p.name);
      }
      if (cols.some((c) => c.name === 'store_id')) values.store_id = given.store;
      for (const c of cols) {
        if (c.pk || c.name in values || (!c.notnull && !/^date_(created|modified)$/.test(c.name))) continue;
        if (c.dflt_value !== null && c.dflt_value !== undefined) continue;
        values[c.name] = /^date_/.test(c.name) ? formatTimestamp(new Date()) : sample(r.fields.find((f) => f.column === c.name), c.type);
      }
      const row = await dynamic(db).insertInto(r.table).values(values).returning('id').executeTakeFirstOrThrow();
      have.set(r.name, Number(row.id));
    }
    if (next.length === pending.length) throw new Error(`cannot seed ${next.map((r) => r.name).join(', ')}: unmet foreign keys`);
    pending = next;
  }
  return have;
}
