// GraphQL over HTTP on a real loopback port: the graphql-http audit suite, GET for queries only,
// status codes, and the self-hosted GraphiQL page with its assets and CSP.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditServer, type AuditResult } from 'graphql-http';
import { makeApp, type TestApp } from '../helpers/app.js';

describe('GraphQL over HTTP', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await makeApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => t?.close());

  it('passes every MUST audit of graphql-http', async () => {
    const results: AuditResult[] = await auditServer({ url, fetchFn: fetch });
    const why = (r: AuditResult) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`;
    const failed = results.filter((r) => r.status === 'error').map(why);
    const warned = results.filter((r) => r.status === 'warn').map(why);
    console.log(`[audit] ${results.length} audits, ${results.filter((r) => r.status === 'ok').length} ok, `
      + `${warned.length} SHOULD not met:\n  ${warned.join('\n  ')}`);
    expect(failed).toEqual([]);
  });

  it('answers queries by GET and refuses mutations by GET with 405', async () => {
    const q = await fetch(`${url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/graphql-response+json' } });
    expect(q.status).toBe(200);
    expect(q.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(await q.json()).toMatchObject({ data: { __typename: 'Query' } });
    const m = await fetch(`${url}?query=${encodeURIComponent('mutation { registerClient(input: {}) { clientId } }')}`);
    expect(m.status).toBe(405);
    expect(m.headers.get('allow')).toBe('POST');
  });

  it('tells a request refused before Apollo in GraphQL\'s shape: bad JSON, too deep, too large, another media type, a long query string', async () => {
    const post = (body: BodyInit, contentType?: string) => fetch(url, {
      method: 'POST', body, headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) },
    });
    const cases: Array<[string, Response, number, string, RegExp]> = [
      ['bad JSON', await post('{"query": "{ __typename }", ', 'application/json'), 400, 'BAD_REQUEST', /not valid JSON/],
      ['too deep', await post(`{"query":"{ __typename }","variables":{"v":${'['.repeat(100)}${']'.repeat(100)}}}`, 'application/json'), 400, 'BAD_REQUEST', /nests deeper than/],
      ['too large', await post(JSON.stringify({ query: `{ __typename } # ${'x'.repeat(2 * 1024 * 1024)}` }), 'application/json'), 413, 'PAYLOAD_TOO_LARGE', /./],
      ['no media type', await post(new Blob(['{"query":"{ __typename }"}'])), 415, 'UNSUPPORTED_MEDIA_TYPE', /./],
    ];
    cases.push(['query string too long', await fetch(`${url}?query=${encodeURIComponent('{ __typename }')}&x=${'a'.repeat(9000)}`, { headers: { accept: 'application/json' } }), 414, 'BAD_REQUEST', /query string is longer/]);
    for (const [what, res, status, code, message] of cases) {
      expect(res.status, what).toBe(status);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      const body = await res.json() as { errors: Array<{ message: string; extensions: { code: string; logref: string } }> };
      expect(body.errors, what).toHaveLength(1);
      expect(body.errors[0].extensions.code, what).toBe(code);
      expect(body.errors[0].message, what).toMatch(message);
      expect(body.errors[0].extensions.logref, what).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a bad bearer token with 401 and WWW-Authenticate', async () => {
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ query: '{ viewer { scopes } }' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('serves GraphiQL to browsers with scripts from self only', async () => {
    const page = await fetch(url, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!.split(';').map((d) => d.trim());
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const html = await page.text();
    for (const [, tag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(tag).toMatch(/ src="/);
      expect(body).toBe('');
    }
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(4);
    for (const asset of [...scripts, ...styles]) {
      expect(asset.startsWith('/graphql/assets/')).toBe(true);
      const res = await fetch(new URL(asset, url));
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type')).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('serves only the named assets', async () => {
    for (const path of ['/graphql/assets/package.json', '/graphql/assets/..%2F..%2Fpackage.json', '/graphql/assets/%2e%2e%2fgraphiql.min.js']) {
      expect((await fetch(new URL(path, url))).status, path).toBe(404);
    }
  });
});
