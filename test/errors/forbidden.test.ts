// A refusal for want of scope, through both transports on both engines: REST 403 with RFC 6750's
// challenge naming the scopes, GraphQL FORBIDDEN with extensions.scopes as the same list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { VALID } from '../skeleton/tax-table.js';

describe.each(engines())('insufficient scope on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let reader: string;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    reader = await narrowToken(t.app, chain, 'tax_settings_read');
  });
  afterAll(async () => t?.close());

  it('names the same scopes in REST\'s WWW-Authenticate and GraphQL\'s extensions.scopes', async () => {
    const taxes = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:taxes');
    const rest = await call(t.app, taxes, { method: 'POST', token: reader, body: VALID });
    expect(rest.statusCode).toBe(403);
    const challenge = String(rest.headers['www-authenticate']);
    const m = /^Bearer error="insufficient_scope", scope="([a-z_ ]+)"$/.exec(challenge);
    expect(m, challenge).not.toBeNull();
    const scopes = m![1]!.split(' ');
    expect(scopes).toContain('tax_settings_write');
    expect(json(rest)).toMatchObject({ error: 'insufficient_scope', total: 1 });

    const res = await t.app.inject({
      method: 'POST', url: '/graphql',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      payload: { query: 'mutation($input: TaxInput!) { createTax(input: $input) { tax { id } } }', variables: { input: { name: 'No', type: 'GLOBAL', rate: '1' } } },
    });
    const error = JSON.parse(res.body).errors[0];
    expect(error.extensions.code).toBe('FORBIDDEN');
    expect(error.extensions.scopes).toEqual(scopes);
    expect(error.message).toBe(`The token lacks the scope needed here (one of: ${scopes.join(', ')}).`);
  });
});
