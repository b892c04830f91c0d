// Optimistic concurrency: two writers each make 500 read-modify-writes of one tax (GET → ETag →
// PATCH with If-Match, again on 412). Every increment must survive: the final rate is 1 + 1000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';

const WRITERS = 2;
const INCREMENTS = 500;

describe.each(engines())('concurrent read-modify-write on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ engine });
  });
  afterAll(async () => t?.close());

  it(`loses none of ${WRITERS} × ${INCREMENTS} increments`, async () => {
    const chain = await tokenChain(t.app);
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: chain.storeToken, body: { name: 'Counter', type: 'global', rate: 1 } }));
    const href = link(tax, 'self');
    let conflicts = 0;
    const writer = async () => {
      for (let done = 0; done < INCREMENTS;) {
        const got = await call(t.app, href, { token: chain.storeToken });
        const rate = json(got).rate as number;
        const res = await call(t.app, href, { method: 'PATCH', token: chain.storeToken, body: { rate: rate + 1 }, headers: { 'if-match': String(got.headers.etag) } });
        if (res.statusCode === 412) {
          conflicts++;
          continue;
        }
        expect(res.statusCode, res.body).toBe(200);
        done++;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const final = json(await call(t.app, href, { token: chain.storeToken })).rate;
    console.log(`[figures] concurrency ${engine}: ${WRITERS}×${INCREMENTS} read-modify-writes in ${Date.now() - started} ms, ${conflicts} answered 412 and retried, final rate ${final} (expected ${1 + WRITERS * INCREMENTS}), lost ${1 + WRITERS * INCREMENTS - final}`);
    expect(final).toBe(1 + WRITERS * INCREMENTS);
  }, 120_000);
});
