// Scenarios 1-3: one item, the zoomed transaction collection over REST and the same data through
// GraphQL, each against the hand-written baseline (and PostGraphile on PostgreSQL), with the SQL
// statements of single requests at two page sizes.
import { containerOf } from '../../src/app.js';
import { sql } from 'kysely';
import { interleaved, type Contender, type LoadResult } from '../load.js';
import { loadRow, versus, type ScenarioResult } from '../results.js';
import { jsonDiff, jsonHeaders, restHeaders, type Ctx } from '../context.js';
import { appQuery, graphqlPoster, postgraphileQuery, type NestedQuery } from '../queries.js';
import { fetcher } from '../api.js';
import { describeStatements } from '../statements.js';
import { GET_ONE, judgeGetOne, judgePeer, judgeRead, readRatio } from '../budgets.js';

const ZOOM = 'zoom=items,items:item_options,items:item_category';
/** transactions → items → item_options | item_category: three levels, four relation loads. */
const LEVELS = 3;
/** The GraphQL query starts one level higher, at `store` (as test/graphql/batching.test.ts counts). */
const GQL_LEVELS = LEVELS + 1;

/** Transactions, items and options counted in both answers (PostGraphile names its lists differently). */
function sameShape(ours: any, theirs: any): string {
  const count = (txns: any[], items: (t: any) => any[], options: (i: any) => any[]) => {
    const its = txns.flatMap(items);
    return [txns.length, its.length, its.flatMap(options).length];
  };
  const a = count(ours.store.transactions.nodes, (t) => t.items.nodes, (i) => i.itemOptions.nodes);
  const b = count(theirs.allTransactions.nodes, (t) => t.itemsByTransactionId.nodes, (i) => i.itemOptionsByItemId.nodes);
  return `${a.join(' / ')} transactions / items / options in the service's answer, ${b.join(' / ')} in PostGraphile's`;
}

/** The CPU-time view of the same budget, which background load on the machine disturbs far less. */
function cpuNote(svc: LoadResult, base: LoadResult, budget: number): string {
  const gen = Math.max(svc.generatorCpu ?? 0, base.generatorCpu ?? 0);
  if (!svc.cpuMsPerRequest || !base.cpuMsPerRequest) return 'CPU time per request was not measured.';
  const inverse = base.cpuMsPerRequest / svc.cpuMsPerRequest;
  return `CPU time per request: service ${svc.cpuMsPerRequest.toFixed(1)} ms, baseline ${base.cpuMsPerRequest.toFixed(1)} ms; `
    + `by CPU the service reaches ${inverse.toFixed(2)} of the baseline (budget ${budget.toFixed(2)}: ${inverse >= budget ? 'met' : 'not met'} by this measure). `
    + `The load generator used at most ${(gen * 100).toFixed(0)}% of a core.`;
}

const rounds = (c: Ctx) => ({ seconds: c.cfg.duration, rounds: c.cfg.rounds, warmup: c.cfg.warmup });

async function bodyOf(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function sameAnswer(notes: string[], who: string, a: unknown, b: unknown): void {
  const d = jsonDiff(a, b);
  notes.push(d ? `The ${who} answer differs from the service's at ${d}.` : `The ${who} answer was checked equal to the service's (parsed JSON, key order ignored).`);
}

export async function oneItem(c: Ctx): Promise<ScenarioResult> {
  const { seeded, target } = c;
  const row = await containerOf(target.probe).database.db.selectFrom('items').select(sql<number>`min(id)`.as('id'))
    .where('store_id', '=', seeded.storeId).where('transaction_id', 'is not', null).executeTakeFirstOrThrow();
  const path = `/items/${row.id}`;
  const headers = restHeaders(seeded.storeToken);
  const notes: string[] = [];
  sameAnswer(notes, 'baseline', await bodyOf(c.service.url + path, { headers }), await bodyOf(c.baseline.url + path, { headers }));
  const stmts = await c.log.around(() => target.send('GET', path, { token: seeded.storeToken }));
  // A second reference, not the budget's: the same baseline process also running the token
  // liveness statement and hashing an ETag, work the service must do on every such request.
  const checked = { ...headers, 'x-baseline-checks': '1' };
  sameAnswer(notes, 'baseline with the checks', await bodyOf(c.service.url + path, { headers }), await bodyOf(c.baseline.url + path, { headers: checked }));
  const res = await interleaved([
    { name: 'service', pid: c.service.pid, spec: { url: c.service.url + path, headers, connections: c.cfg.connections } },
    { name: 'baseline', pid: c.baseline.pid, spec: { url: c.baseline.url + path, headers, connections: c.cfg.connections } },
    { name: 'checked', pid: c.baseline.pid, spec: { url: c.baseline.url + path, headers: checked, connections: c.cfg.connections } },
  ], rounds(c));
  const svc = res.get('service')!;
  const base = res.get('baseline')!;
  const checkedBase = res.get('checked')!;
  notes.push(`Statements of one request (best of 3): ${describeStatements(stmts.statements)}`);
  notes.push(cpuNote(svc, base, GET_ONE));
  notes.push(`The budget is judged against the plain baseline. The second reference is the same baseline process also running the service's token liveness statement (client, user, store, revoked token or family, expired cart items) and hashing an ETag: against it the service reaches ${(svc.rps / checkedBase.rps).toFixed(2)} (CPU ${svc.cpuMsPerRequest?.toFixed(2) ?? '?'} vs ${checkedBase.cpuMsPerRequest?.toFixed(2) ?? '?'} ms).`);
  return {
    id: '1', title: 'REST GET one item', engine: target.engine, ...judgeGetOne(svc.rps / base.rps),
    rows: [
      loadRow('service', svc, { statements: stmts.count, ...versus(svc, base) }),
      loadRow('baseline (node:http + hand-written SQL)', base, { statements: 1, ratio: 1, cpuRatio: 1 }),
      loadRow('baseline + liveness statement + ETag (not the budget\'s reference)', checkedBase, { statements: 2, ...versus(checkedBase, base) }),
    ],
    notes,
  };
}

export async function restCollection(c: Ctx): Promise<ScenarioResult> {
  const { seeded, target } = c;
  const path = (limit: number) => `/stores/${seeded.storeId}/transactions?limit=${limit}&${ZOOM}`;
  const headers = restHeaders(seeded.storeToken);
  const notes: string[] = [];
  sameAnswer(notes, 'baseline', await bodyOf(c.service.url + path(100), { headers }), await bodyOf(c.baseline.url + path(100), { headers }));
  const s10 = await c.log.around(() => target.send('GET', path(10), { token: seeded.storeToken }));
  const s100 = await c.log.around(() => target.send('GET', path(100), { token: seeded.storeToken }));
  const res = await interleaved([
    { name: 'service', pid: c.service.pid, spec: { url: c.service.url + path(100), headers, connections: c.cfg.connections } },
    { name: 'baseline', pid: c.baseline.pid, spec: { url: c.baseline.url + path(100), headers, connections: c.cfg.connections } },
  ], rounds(c));
  const svc = res.get('service')!;
  const base = res.get('baseline')!;
  const ratio = svc.rps / base.rps;
  const stmtBudget = LEVELS + 2;
  const stmtOk = s10.count === s100.count && s100.count <= stmtBudget;
  notes.push(`SQL statements per request: ${s10.count} at limit=10, ${s100.count} at limit=100 (budget: equal, and ≤ depth + 2 = ${stmtBudget} with depth = ${LEVELS} levels) → ${stmtOk ? 'met' : 'not met'}.`);
  notes.push(`The statements at limit=100 (best of 3): ${describeStatements(s100.statements)}`);
  notes.push(cpuNote(svc, base, readRatio(target.engine, 'rest')));
  return {
    id: '2', title: 'REST transactions collection, limit=100, zoom=items,items:item_options,items:item_category', engine: target.engine,
    ...judgeRead(target.engine, 'rest', ratio, stmtOk),
    rows: [
      loadRow('service', svc, { statements: s100.count, ...versus(svc, base) }),
      loadRow('baseline (node:http + hand-written SQL)', base, { statements: 5, ratio: 1, cpuRatio: 1 }),
    ],
    notes,
  };
}

export async function graphqlCollection(c: Ctx): Promise<ScenarioResult> {
  const { seeded, target } = c;
  const post = graphqlPoster(target.send, '/graphql', seeded.storeToken);
  const ours = await appQuery(post);
  const body = (q: NestedQuery) => JSON.stringify(q);
  const headers = jsonHeaders(seeded.storeToken);
  const notes: string[] = [];
  const svcAnswer = await bodyOf(c.service.url + '/graphql', { method: 'POST', headers, body: body(ours.build(100)) }) as { data: unknown };
  const baseAnswer = await bodyOf(c.baseline.url + '/graphql', { method: 'POST', headers, body: body(ours.build(100)) }) as { data: unknown };
  sameAnswer(notes, 'baseline', svcAnswer.data, baseAnswer.data);
  const s10 = await c.log.around(() => post(ours.build(10).query, ours.build(10).variables));
  const s100 = await c.log.around(() => post(ours.build(100).query, ours.build(100).variables));
  const contenders: Contender[] = [
    { name: 'service', pid: c.service.pid, spec: { url: c.service.url + '/graphql', method: 'POST', headers, body: body(ours.build(100)), connections: c.cfg.connections } },
    { name: 'baseline', pid: c.baseline.pid, spec: { url: c.baseline.url + '/graphql', method: 'POST', headers, body: body(ours.build(100)), connections: c.cfg.connections } },
  ];
  const peers = [
    { name: 'postgraphile', label: 'PostGraphile 4', child: c.peer },
    { name: 'postgraphile5', label: 'PostGraphile 5', child: c.peer5 },
  ].filter((p): p is { name: string; label: string; child: NonNullable<Ctx['peer']> } => !!p.child);
  for (const p of peers) {
    const peerPost = graphqlPoster(fetcher(p.child.url), '/graphql');
    const theirs = await postgraphileQuery(peerPost, ours.fields);
    const shared = Object.entries(theirs.fields).map(([t, f]) => `${t} ${f.length}/${ours.fields[t].length}`).join(', ');
    const peerAnswer = await bodyOf(p.child.url + '/graphql', { method: 'POST', headers: jsonHeaders(), body: body(theirs.build(100, seeded.storeId)) }) as any;
    if (peerAnswer.errors) throw new Error(`${p.label} answered errors: ${JSON.stringify(peerAnswer.errors).slice(0, 300)}`);
    notes.push(`${p.label}'s answer has the same shape: ${sameShape(svcAnswer.data as any, peerAnswer.data)}.`);
    notes.push(`${p.label} selects the fields both schemas have (${shared}); its ids are bigints, its booleans the 0/1 integers of the tables.`);
    contenders.push({
      name: p.name, pid: p.child.pid,
      spec: { url: p.child.url + '/graphql', method: 'POST', headers: jsonHeaders(), body: body(theirs.build(100, seeded.storeId)), connections: c.cfg.connections },
    });
  }
  const res = await interleaved(contenders, rounds(c));
  const svc = res.get('service')!;
  const base = res.get('baseline')!;
  const ratio = svc.rps / base.rps;
  const stmtBudget = GQL_LEVELS + 2;
  const stmtOk = s10.count === s100.count && s100.count <= stmtBudget;
  notes.push(`SQL statements per request: ${s10.count} at first: 10, ${s100.count} at first: 100 (budget: equal, and ≤ depth + 2 = ${stmtBudget} with depth = ${GQL_LEVELS} levels, store included) → ${stmtOk ? 'met' : 'not met'}.`);
  notes.push(`The statements at first: 100 (best of 3): ${describeStatements(s100.statements)}`);
  const rows = [
    loadRow('service', svc, { statements: s100.count, ...versus(svc, base) }),
    loadRow('baseline (node:http + hand-written SQL)', base, { statements: 4, ratio: 1, cpuRatio: 1 }),
  ];
  for (const p of peers) {
    const r = res.get(p.name)!;
    rows.push(loadRow(`${p.label} (peer)`, r, { ...versus(r, base), note: `service/${p.label} = ${(svc.rps / r.rps).toFixed(2)}` }));
  }
  notes.push(cpuNote(svc, base, readRatio(target.engine, 'graphql')));
  const pg5 = res.get('postgraphile5');
  if (target.engine === 'postgres') notes.push('On PostgreSQL the CPU column counts the Node process only: the database\'s own work is not in it (PostGraphile 4 builds its JSON inside PostgreSQL, so its Node CPU is small by design; PostGraphile 5 runs on Node 22, its CPU column counts that process).');
  return {
    id: '3', title: 'GraphQL: store { transactions(first: 100) { nodes { … items { nodes { … itemOptions { nodes } itemCategory } } } } }',
    engine: target.engine, ...judgePeer(judgeRead(target.engine, 'graphql', ratio, stmtOk), pg5 && svc.rps / pg5.rps),
    rows, notes,
  };
}
