// svc:reporting for client tokens: the home link, the two existence checks (200 with a link to the
// found resource, 404 when absent), version header and representations like any REST route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { emailOf } from './code-flow.js';

for (const engine of engines()) {
  describe(`reporting on ${engine}`, () => {
    let t: TestApp;
    let chain: Chain;
    let reporting: any;
    beforeAll(async () => {
      t = await makeApp({ engine });
      chain = await tokenChain(t.app);
      const home = json(await call(t.app, '/', { token: chain.clientToken }));
      const res = await call(t.app, link(home, 'svc:reporting'), { token: chain.clientToken });
      expect(res.statusCode).toBe(200);
      reporting = json(res);
    });
    afterAll(() => t.close());

    const expand = (template: string, name: string, value: string) => template.replace(`{?${name}}`, `?${new URLSearchParams({ [name]: value })}`);

    it('finds a user by email and a store by domain, linking to them', async () => {
      const email = await emailOf(t.app, chain);
      const byEmail = await call(t.app, expand(link(reporting, 'svc:reporting_email_exists'), 'email', email), { token: chain.clientToken });
      expect(byEmail.statusCode).toBe(200);
      expect(link(json(byEmail), 'svc:user')).toBe(chain.userHref);
      const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
      const byDomain = await call(t.app, expand(link(reporting, 'svc:reporting_store_domain_exists'), 'store_domain', store.store_domain), { token: chain.clientToken });
      expect(byDomain.statusCode).toBe(200);
      expect(link(json(byDomain), 'svc:store')).toBe(chain.storeHref);
      const xml = await call(t.app, expand(link(reporting, 'svc:reporting_email_exists'), 'email', email), { token: chain.clientToken, headers: { accept: 'application/hal+xml' } });
      expect(xml.headers['content-type']).toMatch(/hal\+xml/);
    });

    it('answers 404 when absent, 400 without the parameter or the version header', async () => {
      const missing = await call(t.app, expand(link(reporting, 'svc:reporting_email_exists'), 'email', 'nobody@nowhere.example'), { token: chain.clientToken });
      expect(missing.statusCode).toBe(404);
      const noDomain = await call(t.app, '/reporting/store_domain_exists', { token: chain.clientToken });
      expect([noDomain.statusCode, errorFields(json(noDomain))]).toEqual([400, ['store_domain']]);
      const noVersion = await t.app.inject({ method: 'GET', url: '/reporting', headers: { authorization: `Bearer ${chain.clientToken}` } });
      expect(noVersion.statusCode).toBe(400);
    });

    it('is for client tokens only: 401 without a token, 403 with a user or store token', async () => {
      expect((await call(t.app, '/reporting')).statusCode).toBe(401);
      expect((await call(t.app, '/reporting/email_exists?email=a@b.c', { token: chain.storeToken })).statusCode).toBe(403);
      expect((await call(t.app, '/reporting', { token: chain.userToken })).statusCode).toBe(403);
    });
  });
}
