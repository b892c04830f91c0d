// Idempotency keys never hand credentials to anyone but their holder (issue 15): anonymous
// registrations are not replayed, replays belong to the exact grant and scopes that made the first
// call, and no stored answer, secret or token is in clear anywhere in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { dumpDatabase } from '../helpers/dump.js';
import { CLIENT_FORM, call, json, link, tokenChain, uniq, type Chain } from '../helpers/rest.js';

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe.each(engines())('idempotency and credentials on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  /** Every secret handed out in this file: none may be found in the dump. */
  const secrets: string[] = [];
  const keep = (...s: Array<string | undefined>) => secrets.push(...s.filter((x): x is string => !!x));
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    keep(chain.clientSecret, chain.clientToken, chain.userToken, chain.storeToken, chain.storeRefresh, 'correct horse battery');
  });
  afterAll(async () => t?.close());

  const register = (key: string, ip = '10.0.0.7') => t.app.inject({
    method: 'POST', url: '/clients', remoteAddress: ip,
    headers: { 'service-api-version': '1', 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    payload: form(CLIENT_FORM),
  });

  it('does not replay an anonymous registration: the retry learns where the client is, not its secret', async () => {
    const first = await register('register-1');
    expect(first.statusCode).toBe(201);
    const reg = json(first);
    keep(reg.client_secret, reg.token.access_token, reg.token.refresh_token);
    const again = await register('register-1');
    expect(again.statusCode).toBe(409);
    expect(json(again)._embedded['svc:errors'][0]).toMatchObject({ field: 'Idempotency-Key', code: 'idempotency_key_not_replayable' });
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).not.toContain(reg.client_secret);
    expect(again.body).not.toContain(reg.token.refresh_token);
    // Nothing was created twice, and a new key registers anew.
    const fresh = await register('register-2');
    expect(fresh.statusCode).toBe(201);
    keep(json(fresh).client_secret, json(fresh).token.access_token, json(fresh).token.refresh_token);
    expect(json(fresh).client_id).not.toBe(reg.client_id);
  });

  it('replays a credential-creating answer to the same grant only', async () => {
    const body = { first_name: 'Kay', last_name: 'Doe', email: `${uniq('k')}@example.com` };
    const post = (token: string) => call(t.app, '/users', { method: 'POST', token, body, headers: { 'idempotency-key': 'user-1' } });
    const first = await post(chain.clientToken);
    expect(first.statusCode).toBe(201);
    keep(json(first).token.access_token, json(first).token.refresh_token);
    const replay = await post(chain.clientToken);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    // The same client through another credential (a client_credentials token) is another caller.
    const cc = json(await t.app.inject({
      method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ grant_type: 'client_credentials', client_id: chain.clientId, client_secret: chain.clientSecret }),
    }));
    keep(cc.access_token);
    const other = await post(cc.access_token);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.body).not.toContain(json(first).token.refresh_token);
    expect(other.statusCode).toBe(409); // the email is taken: the request ran again, as its own
  });

  it('keeps the replays of one grant apart from a narrower token of the same store', async () => {
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const narrowed = json(await t.app.inject({
      method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ grant_type: 'refresh_token', refresh_token: chain.storeRefresh, scope: 'webhooks_write', client_id: chain.clientId, client_secret: chain.clientSecret }),
    }));
    keep(narrowed.access_token, narrowed.refresh_token);
    const hook = { name: 'h', format: 'json', url: 'https://hooks.example/x', encryption_key: 'hook-secret-key-1234567890', event_resource: 'transaction' };
    keep(hook.encryption_key);
    const post = (token: string) => call(t.app, link(store, 'svc:webhooks'), { method: 'POST', token, body: hook, headers: { 'idempotency-key': 'hook-1' } });
    const first = await post(chain.storeToken);
    expect(first.statusCode).toBe(201);
    expect((await post(chain.storeToken)).headers['idempotent-replayed']).toBe('true');
    const second = await post(narrowed.access_token);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers.location).not.toBe(first.headers.location);
  });

  it('holds no secret in clear in any table after registrations, store creation and replays', async () => {
    // DESIGN §11: a dump after 100 registrations (each retried with its key) holds no secret.
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 10 }, async (_, j) => {
        const i = batch * 10 + j;
        const res = await register(`bulk-${i}`, `10.1.${batch}.${j}`);
        expect(res.statusCode).toBe(201);
        const reg = json(res);
        keep(reg.client_secret, reg.token.access_token, reg.token.refresh_token);
        expect((await register(`bulk-${i}`, `10.1.${batch}.${j}`)).statusCode).toBe(409);
      }));
    }
    const storeBody = {
      store_name: 'Keyed', store_domain: uniq('keyed'), store_url: 'https://keyed.example', store_email: 'k@example.com',
      postal_code: '1', region: 'OR', country: 'US',
    };
    const home = json(await call(t.app, '/', { token: chain.userToken }));
    const mk = () => call(t.app, link(home, 'svc:stores'), { method: 'POST', token: chain.userToken, body: storeBody, headers: { 'idempotency-key': 'store-1' } });
    const made = await mk();
    expect(made.statusCode).toBe(201);
    keep(json(made).token.access_token, json(made).token.refresh_token);
    expect((await mk()).body).toBe(made.body);
    const { tables, text } = await dumpDatabase(t.app);
    expect(tables).toEqual(expect.arrayContaining(['clients', 'refresh_tokens', 'users', 'idempotency_keys', 'webhooks', 'web_sessions']));
    const pieces = secrets.flatMap((s) => (s.includes('.') && s.split('.').length === 2 ? [s, s.split('.')[1]] : s.split('.').length === 3 ? [s, s.split('.')[2]] : [s]));
    const found = pieces.filter((p) => p.length >= 16 && text.includes(p));
    expect(found).toEqual([]);
    expect(secrets.length).toBeGreaterThan(300);
  }, 180_000);
});
