// Writes in few statements (issue 20): adding an item to a cart, by REST and by GraphQL, runs at most
// 4 SQL statements besides BEGIN/COMMIT, and a checkout at most 12, on both engines. Counts, not
// timing: the service's own statement counter around one request, and the statement texts the
// connection ran (as the benchmark counts them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { statementLog, type Statement, type StatementLog } from '../../../bench/statements.js';
import { gql } from '../../graphql/helpers.js';
import { openWorld, type World } from './world.js';
import { containerOf } from '../../../src/app.js';

const TX_CONTROL = /^(BEGIN|COMMIT|ROLLBACK)\b/i;

describe.each(engines())('SQL statements of a write (%s)', (engine) => {
  let w: World;
  let log: StatementLog;
  let category: any;
  let n = 0;
  beforeAll(async () => {
    w = await openWorld(engine);
    log = statementLog(containerOf(w.app).database);
    category = await w.createCategory('A');
    await w.linkCategory(await w.createTax({ name: 'Tax', type: 'global', rate: 10 }), category);
  });
  afterAll(async () => w?.close());

  let customer: any;
  const newCart = async () => {
    customer ??= json(await w.req(link(w.store, 'svc:customers'), { method: 'POST', body: { first_name: 'Ada', last_name: 'Buyer', email: 'ada@example.com' } }));
    const res = await w.req(link(w.store, 'svc:carts'), { method: 'POST', body: { shipping_country: 'US', customer_uri: link(customer, 'self') } });
    expect(res.statusCode, res.body).toBe(201);
    return json(res);
  };
  const itemBody = () => ({ name: `Item ${++n}`, price: '12.50', quantity: 1, code: `C-${n}`, item_category_uri: link(category, 'self') });

  /** Statements of one call besides BEGIN/COMMIT (and how many those were), printed so a failure says which. */
  async function counted<T>(what: string, fn: () => Promise<T>): Promise<{ result: T; count: number; control: number }> {
    const { result, count, sql } = await log.around(fn, 1);
    // BEGIN/COMMIT are among the texts on both engines (on PostgreSQL the database's own counter
    // tells each send's statements, bench/statements.ts).
    const control = sql.filter((s) => TX_CONTROL.test(s)).length;
    console.log(`[${engine}] ${what}: ${count} statements (${control} transaction control)\n  ${sql.join('\n  ')}`);
    // What the benchmark judges: every statement text run besides BEGIN/COMMIT, also those that do
    // not pass through the service's counter (a PRAGMA on the connection itself).
    const listed = sql.filter((s) => !TX_CONTROL.test(s)).length;
    return { result, count: Math.max(count - control, listed), control };
  }

  it('adds an item to a cart by REST in at most 4 statements', async () => {
    const cart = await newCart();
    await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() }); // warm-up
    const { result, count } = await counted('REST POST item', () => w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() }));
    expect(result.statusCode, result.body).toBe(201);
    expect(count).toBeLessThanOrEqual(4);
  });

  it('adds an item to a cart by GraphQL in at most 4 statements', async () => {
    const cart = await newCart();
    const cartId = link(cart, 'self').split('/').pop()!;
    const mutation = () => gql(w.app, 'mutation($cart: ID!, $input: ItemInput!) { createItem(cartId: $cart, input: $input) { item { id } userErrors { field code message } } }', {
      token: w.token,
      variables: { cart: cartId, input: (({ item_category_uri, ...rest }) => ({ ...rest, itemCategoryUri: item_category_uri }))(itemBody()) },
    });
    await mutation();
    const { result, count } = await counted('GraphQL createItem', mutation);
    expect(result.body.data?.createItem?.item?.id, JSON.stringify(result.body)).toBeTruthy();
    expect(count).toBeLessThanOrEqual(4);
  });

  it('checks a cart of a customer with one taxed item out in at most 12 statements and one transaction', async () => {
    const carts = [await newCart(), await newCart()];
    for (const cart of carts) {
      const res = await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await w.req(link(carts[0], 'svc:checkout'), { method: 'POST', body: {} });
    expect(first.statusCode, first.body).toBe(201);
    const { result, count, control } = await counted('checkout', () => w.req(link(carts[1], 'svc:checkout'), { method: 'POST', body: {} }));
    expect(result.statusCode, result.body).toBe(201);
    expect(json(result)).toMatchObject({ customer_first_name: 'Ada', customer_email: 'ada@example.com', currency_code: 'USD', total_tax: 1.25 });
    expect(count).toBeLessThanOrEqual(12);
    // Nothing leaves the process (built-in gateway, no protections, no tax endpoint): the claim, the
    // load and the write are one transaction, so one BEGIN and one COMMIT (one fsync on SQLite).
    expect(control).toBe(2);
  });

  it("appends a write's events without reading their payloads back", async () => {
    const cart = await newCart();
    const appends = (statements: Statement[]) => statements.filter((s) => /\binsert into "?events"? \(/i.test(s.sql));
    const customer = await log.around(() => w.req(link(w.store, 'svc:customers'), { method: 'POST', body: { first_name: 'Eve', last_name: 'Events', email: 'eve@example.com' } }), 1);
    expect(customer.result.statusCode, customer.result.body).toBe(201);
    const res = await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = await log.around(() => w.req(link(cart, 'svc:checkout'), { method: 'POST', body: {} }), 1);
    expect(checkout.result.statusCode, checkout.result.body).toBe(201);
    const texts = [...appends(customer.statements), ...appends(checkout.statements)];
    expect(texts.length, [...customer.sql, ...checkout.sql].join('\n')).toBe(2);
    // Every write appends events; a payload sent back is a copy of what was just written, unread.
    for (const s of texts) expect(s.end).not.toMatch(/returning \*/i);
  });
});
