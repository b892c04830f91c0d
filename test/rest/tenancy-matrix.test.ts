// Every REST route generated from the registry, addressed with another tenant's token of the
// level that would own it: always 404 (never 200, 403 or 500), and without SERVICE-API-VERSION:
// always 400 naming the header. New resources and rels join automatically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, tokenChain, type Chain } from '../helpers/rest.js';
import { matrixWorld, type MatrixWorld } from '../auth/matrix-rules.js';
import type { ResourceDef } from '../../src/model/types.js';

interface Route { url: string; methods: string[]; owner: ResourceDef }

describe('tenancy and version header on every REST route', () => {
  let t: TestApp;
  let world: MatrixWorld;
  let other: Chain;
  const routes: Route[] = [];
  beforeAll(async () => {
    t = await makeApp();
    world = await matrixWorld(t.app);
    other = await tokenChain(t.app);
    for (const r of t.app.container.registry.resources) {
      const id = world.ids.get(r.name);
      if (!id) continue;
      routes.push({ url: `${r.path}/${id}`, methods: ['GET', ...r.methods.filter((m) => m !== 'GET')], owner: r });
      for (const rel of r.rels) {
        if (rel.kind !== 'many') continue;
        routes.push({ url: `${r.path}/${id}/${rel.name}`, methods: rel.methods.includes('POST') ? ['GET', 'POST'] : ['GET'], owner: r });
      }
    }
  });
  afterAll(async () => t?.close());

  const tokenFor = (owner: ResourceDef) => (owner.owner === 'CLIENT' ? other.clientToken : owner.owner === 'GLOBAL' ? other.userToken : other.storeToken);
  const ownTokenFor = (owner: ResourceDef) => (owner.owner === 'CLIENT' ? world.chain.clientToken : owner.owner === 'GLOBAL' ? world.chain.userToken : world.chain.storeToken);

  it('answers 404 to another tenant on every route and method', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const route of routes) {
      for (const method of route.methods) {
        const res = await call(t.app, route.url, { method: method as never, token: tokenFor(route.owner), body: ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined });
        cells++;
        if (res.statusCode !== 404) wrong.push(`${method} ${route.url} → ${res.statusCode}`);
      }
    }
    console.log(`[tenancy] ${cells} route×method cells with another tenant's token`);
    expect(routes.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });

  it('answers 400 naming SERVICE-API-VERSION on every route when it is missing', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(t.app, route.url, { token: ownTokenFor(route.owner), headers: { 'service-api-version': '' } });
      if (res.statusCode !== 400 || !errorFields(JSON.parse(res.body)).includes('SERVICE-API-VERSION')) wrong.push(`${route.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
