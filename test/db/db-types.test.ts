// The generated `DB` interface (src/db/__generated__/db-types.ts) against the schema the migrations
// really make, on SQLite and PostgreSQL: every table and column of the migrated database is in `DB`
// with its nullability, default and kind of value, and nothing else is; regenerating yields the
// checked-in file; and a misspelt table or column does not compile.
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import ts from 'typescript';
import { sql } from 'kysely';
import { openDatabase, type Database, type Db } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import type { Repository } from '../../src/data/repository.js';
import type { Values } from '../../src/data/codec.js';
import type { Registry } from '../../src/model/types.js';
import { DB_TYPES_FILE, generateDbTypes } from '../../scripts/generate-db-types.js';
import { engines, PG_URL, type Engine } from '../helpers/app.js';

interface DeclaredColumn { nullable: boolean; generated: boolean; kind: string }
interface DeclaredTable { postgresOnly: boolean; columns: Map<string, DeclaredColumn> }

/** What a column's TypeScript type says it holds. */
const TS_KINDS: Record<string, string> = {
  number: 'int', BoolInt: 'int', string: 'text', IsoTimestamp: 'text', IsoDate: 'text', JsonText: 'text',
  Decimal: 'decimal', Date: 'timestamptz', Buffer: 'bytea',
};

/** The tables of the checked-in file, read with the TypeScript compiler: table → column → declaration. */
function declaredTables(): Map<string, DeclaredTable> {
  const text = readFileSync(DB_TYPES_FILE, 'utf8');
  const file = ts.createSourceFile(DB_TYPES_FILE, text, ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const s of file.statements) if (ts.isInterfaceDeclaration(s)) interfaces.set(s.name.text, s);
  const out = new Map<string, DeclaredTable>();
  for (const m of interfaces.get('DB')!.members) {
    const table = (m.name as ts.Identifier).text;
    const decl = interfaces.get((m as ts.PropertySignature).type!.getText())!;
    const columns = new Map<string, DeclaredColumn>();
    for (const c of decl.members) {
      let type = (c as ts.PropertySignature).type!.getText();
      const generated = /^Generated<.*>$/.test(type);
      if (generated) type = type.slice('Generated<'.length, -1);
      const parts = type.split('|').map((p) => p.trim());
      const base = parts.filter((p) => p !== 'null');
      expect(base, `${table}.${(c.name as ts.Identifier).text}: ${type}`).toHaveLength(1);
      columns.set((c.name as ts.Identifier).text, { nullable: parts.includes('null'), generated, kind: TS_KINDS[base[0]] ?? base[0] });
    }
    const comments = ts.getLeadingCommentRanges(text, decl.getFullStart()) ?? [];
    out.set(table, { postgresOnly: comments.some((r) => text.slice(r.pos, r.end).includes('PostgreSQL only')), columns });
  }
  return out;
}

/** The SQL types each declared kind may have on each engine (decimals are TEXT on SQLite). */
const SQL_KINDS: Record<Engine, Record<string, string[]>> = {
  sqlite: { int: ['integer'], text: ['text'], decimal: ['text'] },
  postgres: { int: ['int8', 'int4'], text: ['text'], decimal: ['numeric'], timestamptz: ['timestamptz'], bytea: ['bytea'] },
};

async function open(engine: Engine): Promise<{ database: Database; schema?: string }> {
  if (engine === 'sqlite') return { database: await openDatabase({ url: ':memory:' }) };
  const schema = `t_dbtypes_${process.pid}_${randomBytes(4).toString('hex')}`;
  return { database: await openDatabase({ url: PG_URL!, schema }), schema };
}

/**
 * Kysely's introspection reads every schema of the database, and other test files create and drop
 * theirs meanwhile: a schema dropped while the catalog query runs fails it ("schema … does not
 * exist"). Read again then; our own schema does not go away.
 */
async function tablesOf(database: Database) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.introspection.getTables();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || (code !== '3F000' && code !== '42P01')) throw err;
    }
  }
}

describe.each(engines())('the generated DB interface on %s', (engine) => {
  let opened: { database: Database; schema?: string } | undefined;
  afterAll(async () => {
    await opened?.database.close();
    if (opened?.schema) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${opened.schema}" CASCADE`);
      await c.end();
    }
  });

  it('has every table and column of the migrated database, as the database has them, and no other', async () => {
    opened = await open(engine);
    const { database, schema } = opened;
    await migrate(database);
    const declared = declaredTables();
    const actual = (await tablesOf(database)).filter((t) => !t.isView && (!schema || t.schema === schema));
    const expectedTables = [...declared].filter(([, t]) => engine === 'postgres' || !t.postgresOnly).map(([name]) => name);
    expect(actual.map((t) => t.name).sort()).toEqual(expectedTables.sort());

    const mismatches: string[] = [];
    for (const t of actual) {
      const d = declared.get(t.name)!;
      expect(t.columns.map((c) => c.name).sort(), t.name).toEqual([...d.columns.keys()].sort());
      // SQLite reports a primary key column as nullable unless declared NOT NULL; the generator types
      // it not null (PostgreSQL enforces it), so the pragma's pk flag is read here too.
      const pk = engine === 'sqlite'
        ? new Set((await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${t.name})`.execute(database.db))
          .rows.filter((c) => c.pk > 0).map((c) => c.name))
        : new Set<string>();
      for (const c of t.columns) {
        const col = d.columns.get(c.name)!;
        const nullable = c.isNullable && !pk.has(c.name) && !c.isAutoIncrementing;
        const generated = c.hasDefaultValue || c.isAutoIncrementing;
        const sqlKinds = SQL_KINDS[engine][col.kind] ?? [];
        if (col.nullable !== nullable) mismatches.push(`${t.name}.${c.name}: declared ${col.nullable ? '' : 'not '}nullable`);
        if (col.generated !== generated) mismatches.push(`${t.name}.${c.name}: declared ${col.generated ? '' : 'without '}default`);
        if (!sqlKinds.includes(c.dataType.toLowerCase())) mismatches.push(`${t.name}.${c.name}: declared ${col.kind}, is ${c.dataType}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the checked-in DB types', () => {
  it('are what the generator writes today (npm run codegen)', async () => {
    expect(await generateDbTypes()).toBe(readFileSync(DB_TYPES_FILE, 'utf8'));
  });

  it('refuse a misspelt table or column at compile time', () => {
    // Never called: tsc checks these lines, and fails if an expected error goes away.
    const typeChecks = (db: Db) => {
      // @ts-expect-error carts has no column customer_mail
      db.selectFrom('carts').select('customer_mail');
      // @ts-expect-error there is no table cart
      db.selectFrom('cart').selectAll();
      // @ts-expect-error a decimal is a string, not a number
      db.updateTable('taxes').set({ rate: 0.1 });
      // @ts-expect-error store_id is required when inserting an item
      db.insertInto('items').values({ name: 'x', price: '1.00' });
      const cart = db.selectFrom('carts').select(['customer_email', 'total_order', 'checkout_claim']);
      expectTypeOf<Awaited<ReturnType<typeof cart.executeTakeFirstOrThrow>>>()
        .toEqualTypeOf<{ customer_email: string | null; total_order: string | null; checkout_claim: string | null }>();
    };
    expect(typeof typeChecks).toBe('function');
  });

  it('type the rows the repository decodes for a resource named statically', () => {
    const typeChecks = async (repo: Repository, registry: Registry) => {
      const cart = (await repo.findById(registry.resource('cart'), { storeId: 1 }, 1))!;
      expectTypeOf(cart.customer_email).toEqualTypeOf<string | null>();
      expectTypeOf(cart.total_order).toEqualTypeOf<string | null>();
      // @ts-expect-error carts has no column customer_mail
      void cart.customer_mail;
      const tax = (await repo.findByIds(registry.resource('tax'), [1])).get(1)!;
      // Booleans are decoded (0/1 in the table), lists parsed.
      expectTypeOf(tax.is_live).toEqualTypeOf<boolean>();
      expectTypeOf((await repo.insert(registry.resource('webhook'), {})).events).toEqualTypeOf<unknown[] | null>();
      // A resource named at run time gives plain Values.
      const name: string = 'cart';
      expectTypeOf(await repo.insert(registry.resource(name), {})).toEqualTypeOf<Values>();
    };
    expect(typeof typeChecks).toBe('function');
  });
});
