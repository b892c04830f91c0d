// Credential checks (scrypt, ~50 ms of a thread each) run on libuv's thread pool, which also reads
// files. At most the pool's size less two run at once (src/auth/hashing.ts), so a burst of them, a
// flood of token requests, leaves threads for the rest: a file read issued while eight checks are
// under way is done before the first of them is answered. Before, the four threads all hashed and
// the read waited behind the burst.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { basic, oauthPost } from './helpers.js';

describe('credential checks and the thread pool', () => {
  let t: TestApp;
  let chain: Chain;
  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
  });
  afterAll(() => t?.close());

  it('leave threads for file reads while a burst of them is hashed', async () => {
    const order: string[] = [];
    const grants = Array.from({ length: 8 }, (_, i) =>
      oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, { authorization: basic(chain.clientId, chain.clientSecret) })
        .then((res) => { order.push(`grant ${i}`); return res.statusCode; }));
    // The requests reach their hashes (parsing, the client's row) within a few turns of the loop.
    await new Promise((r) => setTimeout(r, 10));
    const read = readFile(fileURLToPath(import.meta.url), 'utf8').then(() => { order.push('file read'); });
    const [statuses] = await Promise.all([Promise.all(grants), read]);
    expect(statuses).toEqual(Array(8).fill(200));
    expect(order[0]).toBe('file read');
  });
});
