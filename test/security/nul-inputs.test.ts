// NUL characters in what is looked up in the database. PostgreSQL text cannot hold or compare NUL
// (SQLite can): the OAuth endpoints' parameters and HTTP Basic credentials, /authorize's query,
// the log-in form and a GraphQL connection's filter reached a statement with one and were answered
// 500 on PostgreSQL. Each is now refused (or, for the log-in, not found) before any SQL, the same on
// both engines, in the shape of its own endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, engines, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, tokenChain, type Chain } from '../helpers/rest.js';
import { basic, Browser, formFields, oauthPost, pkce } from '../auth/helpers.js';
import { authorizeUrl, setupFlow, type Flow } from '../auth/code-flow.js';

const NUL = '\u0000';

describe.each(engines())('NUL characters before the database on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let flow: Flow;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    flow = await setupFlow(t.app, chain);
  });
  afterAll(async () => t?.close());

  it('the OAuth endpoints answer invalid_request, in their own shape', async () => {
    const { clientId, clientSecret } = flow.client;
    const cases: Array<[string, Record<string, string>, Record<string, string>?]> = [
      ['/token', { grant_type: 'client_credentials', client_id: `a${NUL}b`, client_secret: clientSecret }],
      ['/token', { grant_type: 'client_credentials', client_id: clientId, client_secret: `${clientSecret}${NUL}` }],
      ['/token', { grant_type: 'refresh_token', refresh_token: `r${NUL}`, client_id: clientId, client_secret: clientSecret }],
      ['/token', { grant_type: 'authorization_code', code: `c${NUL}`, redirect_uri: CLIENT_FORM.redirect_uri, client_id: clientId, code_verifier: pkce().verifier }],
      ['/token', { grant_type: 'password', username: `${flow.email}${NUL}`, password: 'x', client_id: clientId, client_secret: clientSecret }],
      ['/token', { grant_type: 'client_credentials' }, { authorization: basic(`a${NUL}b`, clientSecret) }],
      ['/revoke', { token: `t${NUL}`, client_id: clientId, client_secret: clientSecret }],
      ['/introspect', { token: `t${NUL}`, client_id: clientId, client_secret: clientSecret }],
    ];
    for (const [path, form, headers] of cases) {
      const res = await oauthPost(t.app, path, form, headers);
      const label = `${path} ${JSON.stringify(form)}`;
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json(), label).toMatchObject({ error: 'invalid_request' });
    }
    // The same client with clean parameters is served.
    expect((await oauthPost(t.app, '/token', { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })).statusCode).toBe(200);
  });

  it('/authorize refuses the request with a page, and the log-in finds no such address', async () => {
    const { challenge } = pkce();
    const b = new Browser(t.app);
    const refused = await b.get(authorizeUrl({ ...flow.client, clientId: `${flow.client.clientId}${NUL}` }, challenge));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.body).toContain('must not contain NUL characters');
    const login = await b.get(authorizeUrl(flow.client, challenge));
    expect(login.statusCode).toBe(200);
    const res = await b.post('/login', { ...formFields(login.body, '/login'), email: `${flow.email}${NUL}`, password: 'correct horse battery' });
    // As for any unknown address: the log-in page again, 401.
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Unknown email or wrong password.');
  });

  it('a GraphQL connection filter refuses it as the caller\'s error, as REST does', async () => {
    const ask = async (query: string) => (await t.app.inject({
      method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${chain.storeToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query }),
    })).json() as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> };
    const refused = await ask(`{ store { customers(filter: { email: { eq: "a${NUL}" } }) { nodes { id } } } }`);
    expect(refused.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
    expect(refused.errors?.[0].message).toBe('email filters must not contain NUL characters');
    expect((await ask('{ store { customers(filter: { email: { eq: "a" } }) { nodes { id } } } }')).data.store.customers.nodes).toEqual([]);
  });
});
