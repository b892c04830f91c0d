// A typed REST client generated from /openapi.json by openapi-typescript compiles under strict
// TypeScript, and its types are the model's: wrong property types and missing required input
// properties are compile errors (each marked @ts-expect-error, which fails if no error is there).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';

const CLIENT = `import type { components, paths } from './api.js';

type Tax = components['schemas']['Tax'];
type TaxPage = paths['/stores/{id}/taxes']['get']['responses'][200]['content']['application/hal+json'];
type NewTax = paths['/stores/{id}/taxes']['post']['requestBody']['content']['application/json'];
type ErrorBody = components['schemas']['Error'];

/** A minimal typed client over fetch, following links as the API asks. */
export class CommerceClient {
  constructor(private readonly token: string, private readonly fetcher: typeof fetch = fetch) {}

  private async send<T>(url: string, init: RequestInit = {}): Promise<T> {
    const res = await this.fetcher(url, {
      ...init,
      headers: { 'SERVICE-API-VERSION': '1', authorization: \`Bearer \${this.token}\`, 'content-type': 'application/json', accept: 'application/hal+json' },
    });
    if (!res.ok) {
      const body = (await res.json()) as ErrorBody;
      throw new Error(body._embedded['svc:errors'].map((e) => \`\${e.field ?? ''} \${e.message}\`).join('; '));
    }
    return (await res.json()) as T;
  }

  async taxes(storeTaxesHref: string): Promise<Tax[]> {
    const page = await this.send<TaxPage>(storeTaxesHref);
    const total: string = page.total_items;
    void total;
    return page._embedded['svc:taxes'];
  }

  createTax(storeTaxesHref: string, tax: NewTax): Promise<Tax> {
    return this.send<Tax>(storeTaxesHref, { method: 'POST', body: JSON.stringify(tax) });
  }
}

export const ok: NewTax = { name: 'VAT', type: 'union', rate: 19.5, country: 'DE', apply_to_shipping: true };
export const alsoOk: NewTax = { name: 'VAT', type: 'global', rate: '19.5' };
// @ts-expect-error name is required on create
export const missingName: NewTax = { type: 'global', rate: 1 };
// @ts-expect-error type is an enum
export const badType: NewTax = { name: 'x', type: 'planetary', rate: 1 };
export function rateOf(t: Tax): number | undefined {
  // @ts-expect-error rate is a number, not a string
  const s: string = t.rate;
  void s;
  return t.rate ?? undefined;
}
`;

describe('a typed client generated from the description', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await makeApp();
    dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates with openapi-typescript and compiles strictly, with the model\'s types', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    // defaultNonNullable off: a defaulted request property is optional (the server fills it in);
    // openapi-typescript would otherwise make it required in request bodies too.
    const types = astToString(await openapiTS(doc, { defaultNonNullable: false }));
    expect(types).toContain('"/stores/{id}/taxes"');
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
