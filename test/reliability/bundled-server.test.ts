// `npm start` runs the service bundled into one file by esbuild (scripts/bundle.mjs). Packages that
// look for files of their own, native addons, CommonJS inside ESM: a bundle can break at run time
// where the sources work. This runs the bundle (built for the test run, test/setup/server-bundle.ts)
// as a real process through the paths that touch those: SQLite writes, the token chain, GraphQL
// (graphql-jit), HAL+XML and Siren, GraphiQL and its assets, metrics, and a clean SIGTERM.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerChild } from '../../scripts/reliability/child.js';
import { CLIENT_FORM } from '../helpers/rest.js';
import { serverEntry } from '../helpers/server-entry.js';

describe('the bundled server', () => {
  let server: ServerChild | undefined;
  afterAll(() => {
    if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
  });

  it('is ASCII, serves REST, GraphQL, GraphiQL and metrics, and shuts down cleanly', async () => {
    const entry = serverEntry();
    // V8 keeps the script's text in the heap for as long as the service runs: one byte per
    // character only while every character is ASCII (scripts/bundle.mjs drops comments for this).
    const text = readFileSync(entry, 'utf8');
    expect(text.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    const dataDir = mkdtempSync(join(tmpdir(), 'bundled-'));
    server = await startServer({ DATA_DIR: dataDir }, 60_000, entry);
    const api = (path: string, init: RequestInit = {}) => fetch(`${server!.url}${path}`, {
      ...init, headers: { 'service-api-version': '1', ...(init.headers as Record<string, string>) },
    });

    const registered = await api('/clients', { method: 'POST', body: new URLSearchParams(CLIENT_FORM), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(registered.status).toBe(201);
    const token = ((await registered.json()) as { token: { access_token: string } }).token.access_token;

    const viewer = await api('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ viewer { scopes client { id } } }' }) });
    expect(viewer.status).toBe(200);
    expect(await viewer.json()).toMatchObject({ data: { viewer: { scopes: ['client_full_access'], client: { id: '1' } } } });

    const xml = await api('/', { headers: { accept: 'application/hal+xml' } });
    expect(xml.headers.get('content-type')).toMatch(/hal\+xml/);
    expect(await xml.text()).toMatch(/^<\?xml|<resource/);
    const siren = await api('/', { headers: { accept: 'application/vnd.siren+json' } });
    expect(((await siren.json()) as { links: unknown[] }).links.length).toBeGreaterThan(0);

    const page = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toMatch(/GraphiQL/);
    const asset = await fetch(`${server.url}/graphql/assets/graphiql.min.js`);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/http_requests_total|process_cpu/);

    server.proc.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
