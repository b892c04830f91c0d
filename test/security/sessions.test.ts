// Server-side sessions (issue 15 item 4): after /logout a copied session cookie shows nothing on
// any instance, and expiry is judged by the database clock, so an instance whose own clock runs
// 10 minutes ahead neither ends nor extends anyone's log-in.
import { containerOf } from '../../src/app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/services/clock.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, tokenChain, type Chain } from '../helpers/rest.js';
import { Browser, formFields, PASSWORD } from '../auth/helpers.js';

describe.each(engines())('browser sessions on %s', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let chain: Chain;
  let email: string;
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sessions-')), 'db.sqlite');
    a = await makeApp({ engine, config: engine === 'sqlite' ? { databaseUrl: file } : {} });
    // A second instance on the same database, its clock 10 minutes ahead.
    b = await makeApp({
      engine, clock: new ManualClock(new Date(Date.now() + 10 * 60_000)),
      ...(engine === 'sqlite' ? { config: { databaseUrl: file } } : { reuseSchema: a.config.databaseSchema }),
    });
    chain = await tokenChain(a.app);
    email = json(await call(a.app, chain.userHref, { token: chain.userToken })).email;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function logIn(browser: Browser): Promise<void> {
    const page = await browser.get('/admin');
    const res = await browser.post('/login', { ...formFields(page.body, '/login'), email, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect((await browser.get('/admin')).body).toContain(`Logged in as ${email}`);
  }

  /** Another browser holding a copy of `from`'s cookies, on `app`. */
  function copy(from: Browser, app: TestApp): Browser {
    const thief = new Browser(app.app);
    thief.cookies = new Map(from.cookies);
    return thief;
  }

  it('ends the session for every copy of its cookie, on every instance, at log-out', async () => {
    const owner = new Browser(a.app);
    await logIn(owner);
    const onA = copy(owner, a);
    const onB = copy(owner, b);
    expect((await onA.get('/admin')).body).toContain('Logged in as');
    // The instance whose clock runs ahead still honours a live log-in.
    expect((await onB.get('/admin')).body).toContain('Logged in as');
    const admin = await owner.get('/admin');
    const out = await owner.post('/logout', formFields(admin.body, '/logout'));
    expect(out.statusCode).toBe(303);
    for (const browser of [owner, onA, onB]) {
      const page = await browser.get('/admin');
      expect(page.body).not.toContain('Logged in as');
      expect(page.body).toContain('action="/login"');
    }
    const rows = await containerOf(a.app).database.db.selectFrom('web_sessions').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('keeps only a hash of the session id, and lets a session started on the fast instance live', async () => {
    const browser = new Browser(b.app);
    await logIn(browser);
    const raw = browser.cookies.get('sid')!;
    const id = decodeURIComponent(raw).split('.')[0];
    const dump = JSON.stringify(await containerOf(a.app).database.db.selectFrom('web_sessions').selectAll().execute());
    expect(dump).not.toContain(id);
    expect((await copy(browser, a).get('/admin')).body).toContain('Logged in as');
  });
});
