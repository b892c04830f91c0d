// GENERATED scope matrix over REST: every route the registry generates (member paths with the
// resource's methods, collection paths of to-many rels with the rel's methods) × one token per
// scope. A token the declarations allow must not get 401/403/405 (404 or 400 for an empty body are
// fine, never a 5xx); a token they do not allow gets exactly 403. Routes come from the registry, so
// new resources and rels are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call } from '../helpers/rest.js';
import type { HttpMethod, Registry, ResourceDef } from '../../src/model/types.js';
import { expectedAllowed, expectedResend, expectedWebhookWrite, governing, isResendAction, matrixWorld, type MatrixToken, type MatrixWorld, type Mode } from './matrix-rules.js';

interface Cell {
  method: HttpMethod;
  url: string;
  access: ResourceDef;
  mode: Mode;
  /** Creating a store is the token chain's step: user_full_access only (spec, Authentication 3). */
  chainStep?: boolean;
  resend?: boolean;
}

const WITHOUT = new Set<HttpMethod>(['HEAD', 'OPTIONS']);

function cells(registry: Registry, ids: Map<string, number>): Cell[] {
  const out: Cell[] = [];
  const id = (r: ResourceDef) => ids.get(r.name) ?? 999999;
  for (const r of registry.resources) {
    for (const method of r.methods.filter((m) => !WITHOUT.has(m))) {
      out.push({ method, url: `${r.path}/${id(r)}`, access: r, mode: method === 'GET' ? 'read' : 'write' });
    }
    // Action links on a member (`{self}/capture`, `{self}/file`), on a missing member: no side effects.
    for (const l of r.links.filter((x) => x.href.startsWith('{self}/'))) {
      for (const method of l.methods.filter((m) => !WITHOUT.has(m))) {
        out.push({
          method, url: `${r.path}/999999/${l.href.slice('{self}/'.length)}`, access: r, mode: method === 'GET' ? 'read' : 'write',
          resend: isResendAction(l.rel),
        });
      }
    }
    for (const rel of r.rels.filter((x) => x.kind === 'many')) {
      const child = registry.resource(rel.target);
      for (const method of rel.methods.filter((m) => !WITHOUT.has(m))) {
        out.push({
          method, url: `${r.path}/${id(r)}/${rel.name}`, access: governing(r, child), mode: method === 'GET' ? 'read' : 'write',
          chainStep: method === 'POST' && child.owner === 'USER',
        });
      }
    }
  }
  return out;
}

function expected(registry: Registry, c: Cell, t: MatrixToken): boolean {
  if (c.resend) return expectedResend(registry, t);
  if (c.chainStep) return t.scopes.has('user_full_access');
  return c.mode === 'write' ? expectedWebhookWrite(registry, c.access, c.method, t) : expectedAllowed(c.access, c.mode, t);
}

describe('scope matrix: every REST route × every scope', () => {
  let t: TestApp;
  let world: MatrixWorld;
  beforeAll(async () => {
    t = await makeApp();
    world = await matrixWorld(t.app);
  });
  afterAll(() => t.close());

  it('answers exactly as the @resource scopes declare', async () => {
    const all = cells(t.app.container.registry, world.ids);
    const runs = all.flatMap((cell) => world.tokens.map((token) => ({ cell, token, allow: expected(t.app.container.registry, cell, token) })));
    // Deletions last, refused ones first, so no cell depends on a row another cell removed.
    const order = (r: { cell: Cell; allow: boolean }) => (r.cell.method !== 'DELETE' ? 0 : r.allow ? 2 : 1);
    runs.sort((a, b) => order(a) - order(b));
    const wrong: string[] = [];
    const allowedStatuses = new Map<number, number>();
    const unserved = new Set<string>();
    for (const { cell, token, allow } of runs) {
      const body = ['POST', 'PUT', 'PATCH'].includes(cell.method) ? {} : undefined;
      const res = await call(t.app, cell.url, { method: cell.method as 'GET', token: token.token, body });
      // A declared action link nobody serves yet answers the not-found handler: nothing to enforce.
      if (res.statusCode === 404 && /"nothing at /.test(res.body)) {
        unserved.add(`${cell.method} ${cell.url}`);
        continue;
      }
      const ok = allow ? ![401, 403, 405].includes(res.statusCode) && res.statusCode < 500 : res.statusCode === 403;
      if (allow) allowedStatuses.set(res.statusCode, (allowedStatuses.get(res.statusCode) ?? 0) + 1);
      if (!ok) wrong.push(`${cell.method} ${cell.url} with ${token.label}: expected ${allow ? 'allowed' : '403'}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    console.log(`[matrix] REST: ${all.length} route×method cells × ${world.tokens.length} tokens = ${runs.length} requests; ` +
      `allowed ones answered ${JSON.stringify(Object.fromEntries([...allowedStatuses].sort()))}, the rest 403; ` +
      `declared but not served yet: ${[...unserved].join(', ') || 'none'}`);
    expect(wrong).toEqual([]);
    expect(all.length).toBeGreaterThan(50);
  });
});
