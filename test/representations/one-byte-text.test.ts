// Answers are built as one-byte strings. V8 stores a string two bytes per character once any part
// of it was, and the SDL text holds a few non-Latin-1 characters (dashes in descriptions): every
// name parsed out of it was two-byte, so was every rel, href, title and SQL text built from one, and
// one such string made JSON.stringify write the whole answer two-byte (twice the memory, and a
// slower UTF-8 encoding of a 1.8 MB page). v8.serialize tells the two forms apart: its tag after
// the two header bytes is '"' (0x22) for a one-byte string and 'c' (0x63) for a two-byte one.
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { oneByte } from '../../src/model/sdl.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { BASE, engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';

const ONE_BYTE = 0x22;
const form = (s: string) => serialize(s)[2];
const ascii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/** Every ASCII string reachable from `root` that V8 holds two-byte, with where it was found. */
function twoByteStrings(root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'string') {
      if (ascii(v) && form(v) !== ONE_BYTE) found.push(`${path}: ${v}`);
      return;
    }
    if (!v || typeof v !== 'object' || seen.has(v) || depth > 12) return;
    seen.add(v);
    // Parsed syntax keeps the SDL text itself (loc.source), which is two-byte by right.
    if (path.endsWith('.loc') || path.endsWith('.astNode') || path.endsWith('.extensionASTNodes')) return;
    const entries: Array<[unknown, unknown]> = v instanceof Map ? [...v] : v instanceof Set ? [...v].map((x) => [x, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      if (typeof k === 'string') walk(k, `${path}[key]`, depth + 1);
      walk(x, `${path}.${String(k)}`, depth + 1);
    }
  };
  walk(root, '', 0);
  return found;
}

describe('one-byte text', () => {
  it('oneByte copies an ASCII string into the one-byte form and leaves other text as it is', () => {
    const twoByte = 'items — of a cart'.slice(0, 5);
    expect(form(twoByte)).not.toBe(ONE_BYTE);
    expect(oneByte(twoByte)).toBe('items');
    expect(form(oneByte(twoByte))).toBe(ONE_BYTE);
    const dash = 'a — b';
    expect(oneByte(dash)).toBe(dash);
  });

  it('the model built from the SDL holds no two-byte ASCII string', () => {
    expect(twoByteStrings(buildRegistry()).slice(0, 5)).toEqual([]);
  });

  it('the GraphQL schema holds no two-byte ASCII name', () => {
    const schema = buildSchema(buildRegistry(), BASE);
    const names: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      names.push(type.name);
      if ('getFields' in type) for (const [name, field] of Object.entries(type.getFields())) names.push(name, field.name);
    }
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((n) => ascii(n) && form(n) !== ONE_BYTE).slice(0, 5)).toEqual([]);
  });
});

describe.each(engines())('answers are one-byte text (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;
  const bodies: unknown[] = [];

  beforeAll(async () => {
    t = await makeApp({ engine });
    // What the service hands Fastify to send, before it becomes bytes.
    t.app.addHook('onSend', async (_req, _reply, payload) => { bodies.push(payload); return payload; });
    chain = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  it('a member, a zoomed collection and a GraphQL answer', async () => {
    const shop = await openShop(t.app, chain);
    const cart = await fillCart(t.app, chain, shop);
    const token = chain.storeToken;
    bodies.length = 0;
    const item = json(await call(t.app, link(cart, 'svc:items'), { token }))._embedded['svc:items'][0];
    await call(t.app, link(item, 'self'), { token });
    await call(t.app, `${link(cart, 'svc:items')}?zoom=item_category`, { token });
    const gql = await t.app.inject({
      method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ store { id carts(first: 5) { nodes { id items { nodes { name price } } } } } }' }),
    });
    expect(gql.statusCode).toBe(200);
    const texts = bodies.filter((b): b is string => typeof b === 'string' && b.length > 100);
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const text of texts) {
      expect(ascii(text)).toBe(true);
      expect(form(text), text.slice(0, 80)).toBe(ONE_BYTE);
    }
  });
});
