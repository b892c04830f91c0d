// Walks one stored row of every resource and every collection path in all four representations,
// zoomed and not, through the `call` helper (which holds each answer to /openapi.json), and checks
// the scopes the description names per operation against what the server grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call } from '../helpers/rest.js';
import { describedDocument } from '../helpers/openapi-check.js';
import { matrixWorld, type MatrixWorld } from '../auth/matrix-rules.js';
import type { ResourceDef } from '../../src/model/types.js';

const TYPES = ['application/hal+json', 'application/hal+xml', 'application/vnd.siren+json', 'text/html'];

describe('every resource and collection, in every representation, matches the description', () => {
  let t: TestApp;
  let w: MatrixWorld;
  const doc = describedDocument();

  beforeAll(async () => {
    t = await makeApp();
    w = await matrixWorld(t.app);
  });
  afterAll(async () => t?.close());

  function ownerToken(r: ResourceDef): string {
    if (r.owner === 'CLIENT') return w.chain.clientToken;
    if (r.owner === 'GLOBAL') return w.chain.userToken;
    return w.chain.storeToken;
  }

  it('answers every member in every representation, zoomed into every zoomable child', async () => {
    let answers = 0;
    for (const r of t.app.container.registry.resources) {
      const id = w.ids.get(r.name);
      expect(id, r.name).toBeDefined();
      const zoom = r.rels.filter((x) => x.zoom).map((x) => x.name).join(',');
      for (const accept of TYPES) {
        for (const qs of ['', zoom ? `?zoom=${zoom}` : undefined].filter((x) => x !== undefined)) {
          const res = await call(t.app, `${r.path}/${id}${qs}`, { token: ownerToken(r), headers: { accept } });
          expect(res.statusCode, `${r.name} ${accept} ${qs}`).toBe(200);
          answers++;
        }
      }
    }
    expect(answers).toBeGreaterThan(120);
  });

  it('answers every collection in every representation', async () => {
    let answers = 0;
    for (const r of t.app.container.registry.resources) {
      for (const rel of r.rels.filter((x) => x.kind === 'many')) {
        for (const accept of TYPES) {
          const res = await call(t.app, `${r.path}/${w.ids.get(r.name)}/${rel.name}`, { token: ownerToken(r), headers: { accept } });
          expect(res.statusCode, `${r.name}.${rel.name} ${accept}`).toBe(200);
          answers++;
        }
      }
    }
    expect(answers).toBeGreaterThan(150);
  });

  it('grants each member read exactly to the store scopes its described security names', async () => {
    const mismatches: string[] = [];
    for (const r of t.app.container.registry.resources.filter((x) => x.owner === 'STORE')) {
      const described = new Set((doc.paths[`${r.path}/{id}`].get.security as Array<{ oauth2?: string[] }>).flatMap((s) => s.oauth2 ?? []));
      for (const tok of w.tokens.filter((x) => x.level === 'store')) {
        const res = await call(t.app, `${r.path}/${w.ids.get(r.name)}`, { token: tok.token });
        const granted = res.statusCode !== 403;
        if (granted !== [...tok.scopes].some((s) => described.has(s))) mismatches.push(`${r.name} with ${tok.label}: ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
