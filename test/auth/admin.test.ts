// /admin "Get Token" over inject (POST/redirect/GET, credentials shown once) and the same
// credentials from `npm run token`, both usable at once.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import { call, json, tokenChain, uniq, type Chain } from '../helpers/rest.js';
import { runTokenCommand, CliError } from '../../src/cli/token.js';
import { emailOf } from './code-flow.js';
import { basic, Browser, formFields, oauthPost, PASSWORD, refresh, tokenWorks } from './helpers.js';

const SECRETS = ['client_id', 'client_secret', 'access_token', 'refresh_token'] as const;

function shown(html: string): Record<string, string> {
  return Object.fromEntries(SECRETS.map((k) => [k, new RegExp(`<dd id="${k}">([^<]*)</dd>`).exec(html)?.[1] ?? '']));
}

describe('/admin Get Token', () => {
  let t: TestApp;
  let chain: Chain;
  let b: Browser;
  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
    b = new Browser(t.app);
    const login = await b.get('/admin');
    expect(login.body).toContain('name="password"');
    const res = await b.post('/login', { ...formFields(login.body, '/login'), email: await emailOf(t.app, chain), password: PASSWORD });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/admin']);
  });
  afterAll(() => t.close());

  it('lists the user\'s stores and shows new credentials exactly once', async () => {
    const stores = await b.get('/admin');
    const storeId = chain.storeHref.split('/').pop();
    const path = `/admin/stores/${storeId}/integrations`;
    expect(stores.body).toContain(`href="${path}"`);
    const page = await b.get(path);
    expect(page.body).toContain('Get Token');
    const res = await b.post(path, formFields(page.body, path));
    expect([res.statusCode, res.headers.location]).toEqual([303, path]);
    const once = await b.get(path);
    const creds = shown(once.body);
    expect(creds.client_id).toMatch(/^svc_/);
    expect(creds.client_secret.length).toBeGreaterThan(20);
    expect(once.headers['cache-control']).toBe('no-store');
    expect(shown((await b.get(path)).body)).toEqual({ client_id: '', client_secret: '', access_token: '', refresh_token: '' });

    const store = await call(t.app, chain.storeHref, { token: creds.access_token });
    expect(store.statusCode).toBe(200);
    const fresh = await refresh(t.app, { clientId: creds.client_id, clientSecret: creds.client_secret }, creds.refresh_token);
    expect(json(fresh).scope).toBe('store_full_access');
    expect((await b.get(path)).body).toContain(creds.client_id);
  });

  it('refuses a forged POST and another user\'s store', async () => {
    const storeId = chain.storeHref.split('/').pop();
    expect((await b.post(`/admin/stores/${storeId}/integrations`, { csrf: 'forged' })).statusCode).toBe(403);
    const other = await tokenChain(t.app);
    const foreign = `/admin/stores/${other.storeHref.split('/').pop()}/integrations`;
    expect((await b.get(foreign)).statusCode).toBe(404);
    const page = await b.get(`/admin/stores/${storeId}/integrations`);
    const fields = formFields(page.body, `/admin/stores/${storeId}/integrations`);
    expect((await b.post(foreign, fields)).statusCode).toBe(403);
    expect((await new Browser(t.app).get(foreign)).body).toContain('name="password"');
  });

  it('logs out', async () => {
    const page = await b.get('/admin');
    const res = await b.post('/logout', formFields(page.body, '/logout'));
    expect(res.statusCode).toBe(303);
    expect((await b.get('/admin')).body).toContain('name="password"');
  });
});

describe('npm run token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'token-cli-'));
  // MODE too: under vitest the environment holds Vite's MODE=test, which the configuration refuses.
  const env = { DATABASE_URL: join(dir, 'cli.sqlite'), DATA_DIR: dir, JWT_SECRET: TEST_JWT_SECRET, BASE_URL: 'http://api.test', MODE: 'production' };
  const email = `${uniq('cli')}@example.com`;
  const domain = uniq('cli-shop');
  const create = ['--email', email, '--store-domain', domain, '--first-name', 'Cli', '--last-name', 'User', '--password', PASSWORD,
    '--country', 'US', '--region', 'OR', '--postal-code', '97201'];

  it('creates the user and store when needed and prints working credentials; a second run reuses them', async () => {
    const first = JSON.parse(await runTokenCommand(create, env));
    expect(Object.keys(first)).toEqual(expect.arrayContaining([...SECRETS, 'store', 'user']));
    const second = JSON.parse(await runTokenCommand(['--email', email, '--store-domain', domain], env));
    expect(second.store).toBe(first.store);
    expect(second.client_id).not.toBe(first.client_id);
    const t = await makeApp({ config: { databaseUrl: env.DATABASE_URL } });
    try {
      expect(await tokenWorks(t.app, first.access_token)).toBe(true);
      expect((await call(t.app, first.store, { token: second.access_token })).statusCode).toBe(200);
      const cc = await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, { authorization: basic(first.client_id, first.client_secret) });
      expect(json(cc).error).toBe('unauthorized_client');
    } finally {
      await t.close();
    }
  });

  it('explains what is missing, and refuses another user\'s store', async () => {
    await expect(runTokenCommand([], env)).rejects.toThrow(/usage: npm run token/);
    await expect(runTokenCommand(['--email', `${uniq('n')}@example.com`, '--store-domain', uniq('d'), '--first-name', 'A', '--last-name', 'B'], env))
      .rejects.toThrow(/--country: .*\n(.|\n)*--postal-code/);
    await expect(runTokenCommand(['--email', `${uniq('o')}@example.com`, '--store-domain', domain, '--first-name', 'A', '--last-name', 'B'], env))
      .rejects.toThrow(CliError);
  });

  it('runs as `npm run token` (tsx src/cli/token.ts) and prints JSON', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/token.ts', '--email', email, '--store-domain', domain],
      { env: { ...process.env, ...env }, cwd: process.cwd() });
    expect(JSON.parse(stdout).client_secret.length).toBeGreaterThan(20);
  }, 60_000);
});
