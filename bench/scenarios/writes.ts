// Scenarios 4 and 5: adding an item to a cart (GraphQL mutation and REST POST) and checkout, each
// against the baseline's one durable insert (the same durability: WAL + synchronous=FULL on SQLite,
// a committed transaction on PostgreSQL), measured in turns in the same run.
import { containerOf } from '../../src/app.js';
import { Pool } from 'undici';
import { sql } from 'kysely';
import { closedLoop, combine, interleaved, warmClosedLoop, type LoadResult } from '../load.js';
import { loadRow, versus, type ScenarioResult } from '../results.js';
import { jsonHeaders, restHeaders, type Ctx } from '../context.js';
import { describeStatements } from '../statements.js';
import { settle } from '../proc.js';
import { judgeWrite } from '../budgets.js';

/** The closed loop's clients in the write scenarios (and bench:ab's checkouts). */
export const WORKERS = 4;

async function itemsIn(c: Ctx, carts: number[]): Promise<number> {
  const r = await containerOf(c.target.probe).database.db.selectFrom('items').select(sql<number>`count(*)`.as('n'))
    .where('cart_id', 'in', carts).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Cycles through carts and makes every item unique, so no POST is folded into an existing item. */
export function itemBodies(c: Ctx, carts: number[], shape: 'rest' | 'graphql', tag: string) {
  let n = 0;
  const categoryUri = `${c.target.baseUrl}/item_categories/${c.seeded.categoryIds[1]}`;
  return () => {
    n++;
    const cart = carts[n % carts.length];
    const item = { item_category_uri: categoryUri, name: `Load item ${tag} ${n}`, price: '12.50', quantity: 1, code: `LOAD-${tag}-${n}` };
    if (shape === 'rest') return { path: `/carts/${cart}/items`, body: JSON.stringify(item) };
    return {
      path: '/graphql',
      body: JSON.stringify({
        query: 'mutation($cart: ID!, $input: ItemInput!) { createItem(cartId: $cart, input: $input) { item { id } userErrors { field code message } } }',
        variables: { cart: String(cart), input: { itemCategoryUri: categoryUri, name: item.name, price: item.price, quantity: 1, code: item.code } },
      }),
    };
  };
}

export async function addItem(c: Ctx, shape: 'graphql' | 'rest'): Promise<{ result: ScenarioResult; floor: LoadResult }> {
  const { seeded, target } = c;
  const half = Math.floor(seeded.mutationCarts.length / 2);
  const carts = shape === 'graphql' ? seeded.mutationCarts.slice(0, half) : seeded.mutationCarts.slice(half);
  const baseCarts = shape === 'graphql' ? seeded.mutationCarts.slice(half) : seeded.mutationCarts.slice(0, half);
  const next = itemBodies(c, carts, shape, `${shape}-service`);
  const nextBase = itemBodies(c, baseCarts, 'rest', `${shape}-baseline`);
  const svcHeaders = shape === 'rest' ? { ...restHeaders(seeded.storeToken), 'content-type': 'application/json' } : jsonHeaders(seeded.storeToken);
  const first = next();
  const stmts = await c.log.around(() => target.probe.inject({ method: 'POST', url: first.path, headers: svcHeaders, payload: first.body }), 1);
  const answer = stmts.result.json() as any;
  const okAnswer = shape === 'rest' ? stmts.result.statusCode === 201 : answer?.data?.createItem?.item?.id && !answer.data.createItem.userErrors.length;
  if (!okAnswer) throw new Error(`scenario 4 (${shape}) cannot add an item: ${stmts.result.statusCode} ${stmts.result.body.slice(0, 300)}`);
  const before = await itemsIn(c, carts);
  const res = await interleaved([
    {
      name: 'service', pid: c.service.pid,
      spec: {
        url: c.service.url + first.path, method: 'POST', headers: svcHeaders, connections: c.cfg.connections,
        setupRequest: (req: any) => { const r = next(); return { ...req, path: r.path, body: r.body }; },
      },
    },
    {
      name: 'baseline', pid: c.baseline.pid,
      spec: {
        url: c.baseline.url + '/carts/0/items', method: 'POST', headers: jsonHeaders(seeded.storeToken), connections: c.cfg.connections,
        setupRequest: (req: any) => { const r = nextBase(); return { ...req, path: r.path, body: r.body }; },
      },
    },
  ], { seconds: c.cfg.duration, rounds: c.cfg.rounds, warmup: c.cfg.warmup });
  const svc = res.get('service')!;
  const base = res.get('baseline')!;
  const created = (await itemsIn(c, carts)) - before;
  const label = shape === 'graphql' ? 'GraphQL createItem(cartId, input)' : 'REST POST /carts/:id/items';
  return {
    floor: base,
    result: {
      id: shape === 'graphql' ? '4' : '4b', title: `Mutation: add an item to a cart (${label})`, engine: target.engine,
      ...judgeWrite('create', svc.rps / base.rps, stmts.sql),
      rows: [
        loadRow('service', svc, { statements: stmts.count, ...versus(svc, base) }),
        loadRow('baseline: one INSERT in its own transaction', base, { statements: 3, ratio: 1, cpuRatio: 1 }),
      ],
      notes: [
        `Every request adds a distinct item (a unique name and code), spread over ${carts.length} carts, so none is folded into an identical one; ${created} items were created (warm-up included).`,
        `Statements of one request (times from that one request): ${describeStatements(stmts.statements, 80)}`,
      ],
    },
  };
}

/** POSTs of a closed loop's clients through one pool: each answers its status, its body read and dropped. */
export interface PostLoad { post(path: string, body: string): Promise<number>; close(): Promise<void> }

export function postLoad(url: string, headers: Record<string, string>): PostLoad {
  const pool = new Pool(url, { connections: WORKERS });
  return {
    post: (path, body) => pool.request({ path, method: 'POST', headers, body }).then(async (r) => {
      await r.body.dump();
      return r.statusCode;
    }),
    close: () => pool.close(),
  };
}

/** The baseline's durable inserts: one item at a time, cycling through the mutation carts. */
export function baselineInserts(load: PostLoad, mutationCarts: readonly number[]): () => Promise<number> {
  let n = 0;
  return () => load.post(`/carts/${mutationCarts[n++ % mutationCarts.length]}/items`, JSON.stringify({ name: `Floor ${n}`, price: '1.00', quantity: 1 }));
}

/** One checkout per cart of `carts` (consumed); when none is left, what `empty` says (null ends a closed loop). */
export function checkoutsOf(load: PostLoad, carts: number[], empty: () => null): () => Promise<number> | null {
  return () => {
    const cart = carts.shift();
    return cart === undefined ? empty() : load.post(`/carts/${cart}/checkout`, '{}');
  };
}

export async function checkout(c: Ctx): Promise<ScenarioResult> {
  const { seeded, target } = c;
  const carts = [...seeded.checkoutCarts];
  const headers = { ...restHeaders(seeded.storeToken), 'content-type': 'application/json' };
  const service = postLoad(c.service.url, headers);
  const baseline = postLoad(c.baseline.url, headers);
  const firstCart = carts.shift()!;
  const stmts = await c.log.around(() => target.probe.inject({ method: 'POST', url: `/carts/${firstCart}/checkout`, headers, payload: '{}' }), 1);
  if (stmts.result.statusCode !== 201) throw new Error(`checkout failed: ${stmts.result.statusCode} ${stmts.result.body.slice(0, 300)}`);
  const before = await containerOf(c.target.probe).database.db.selectFrom('transactions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const nextBase = baselineInserts(baseline, seeded.mutationCarts);
  let exhausted = false;
  const nextCheckout = checkoutsOf(service, carts, () => { exhausted = true; return null; });
  // Warmed up like the other throughput scenarios (load.ts interleaved): without it the first turn
  // measured V8 still compiling the checkout path, on the service's side only.
  const warmed = await warmClosedLoop(c.service.pid, WORKERS, c.cfg.warmup, nextCheckout);
  await settle(c.service.pid);
  await warmClosedLoop(c.baseline.pid, WORKERS, c.cfg.warmup, nextBase);
  await settle(c.baseline.pid);
  const svcTurns = [];
  const baseTurns = [];
  const groupsBefore = await groupCommits(c.service.url);
  for (let round = 0; round < c.cfg.rounds; round++) {
    svcTurns.push(await closedLoop(c.service.pid, WORKERS, c.cfg.duration, nextCheckout));
    baseTurns.push(await closedLoop(c.baseline.pid, WORKERS, c.cfg.duration, nextBase));
  }
  const groupsAfter = await groupCommits(c.service.url);
  await service.close();
  await baseline.close();
  const svc = combine(svcTurns);
  const base = combine(baseTurns);
  const after = await containerOf(c.target.probe).database.db.selectFrom('transactions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    id: '5', title: 'Checkout throughput (POST svc:checkout on a fresh cart with one taxed item)', engine: target.engine,
    ...judgeWrite('checkout', svc.rps / base.rps, stmts.sql),
    rows: [
      loadRow('service', svc, { statements: stmts.count, ...versus(svc, base) }),
      loadRow('baseline: one INSERT in its own transaction', base, { statements: 3, ratio: 1, cpuRatio: 1 }),
    ],
    notes: [
      `A closed loop of ${WORKERS} concurrent clients, each checkout on its own pre-seeded cart (${seeded.checkoutCarts.length} carts${exhausted ? '; all were used before the time was up' : ''}); ${Number(after.n) - Number(before.n)} transactions were created, ${warmed} of them in the warm-up.`,
      ...(groupsBefore && groupsAfter ? [groupNote(groupsBefore, groupsAfter)] : []),
      ...(target.engine === 'postgres' ? [databaseCpuNote(svc, base)] : []),
      `Statements of one checkout: ${stmts.count} (${stmts.sql.filter((s) => /^insert/i.test(s)).length} inserts, ${stmts.sql.filter((s) => /^update/i.test(s)).length} updates, ${stmts.sql.filter((s) => /^delete/i.test(s)).length} deletes, ${stmts.sql.filter((s) => /^select/i.test(s)).length} selects); the costliest (times from that one checkout): ${describeStatements([...stmts.statements].sort((a, b) => b.ms - a.ms).slice(0, 4), 70)}`,
    ],
  };
}

/** PostgreSQL's own CPU per request beside the service's: both share the machine's cores. */
function databaseCpuNote(svc: LoadResult, base: LoadResult): string {
  if (svc.dbCpuMsPerRequest === undefined || base.dbCpuMsPerRequest === undefined) {
    return 'PostgreSQL\'s own CPU was not measured (no process named postgres on this machine: the server is elsewhere).';
  }
  const sum = (r: LoadResult) => (r.cpuMsPerRequest ?? NaN) + r.dbCpuMsPerRequest!;
  return `PostgreSQL's processes (all of them on this machine) used ${svc.dbCpuMsPerRequest.toFixed(2)} ms of CPU per checkout and ${base.dbCpuMsPerRequest.toFixed(2)} ms per baseline insert; `
    + `service and database together ${sum(svc).toFixed(2)} against ${sum(base).toFixed(2)} ms (${(sum(svc) / sum(base)).toFixed(2)}×).`;
}

interface GroupCommits { commits: number; members: number }

/** SQLite's group commit counters from the service's /metrics (src/ops/metrics.ts); none on PostgreSQL. */
async function groupCommits(url: string): Promise<GroupCommits | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) => new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1];
  const commits = read('commerce_sqlite_group_commits_total');
  const members = read('commerce_sqlite_group_members_total');
  return commits && members ? { commits: Number(commits), members: Number(members) } : undefined;
}

function groupNote(before: GroupCommits, after: GroupCommits): string {
  const commits = after.commits - before.commits;
  const members = after.members - before.members;
  return `SQLite's group commit in the measured turns: ${members} write transactions in ${commits} COMMITs, ${(members / Math.max(commits, 1)).toFixed(2)} per COMMIT (each COMMIT writes the WAL pages its members share once).`;
}
