// The error catalog and its documentation in step, and no error code typed outside the catalog:
// docs/errors.md is what scripts/errors-doc.ts renders from the catalog, every code is documented
// and every documented code declared, and no source file builds an ApiError from a literal code.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, apiError, fieldError, formatMessage, insufficientScope } from '../../src/services/error-catalog.js';
import { FIELD_CODES } from '../../src/services/field-codes.js';
import { ApiError } from '../../src/services/errors.js';
import { HTTP_STATUS, httpHeadersOf, httpStatusOf } from '../../src/rest/errors.js';
import { toGraphQLError } from '../../src/graphql/errors.js';
import { DOC_PATH, ROOT, renderErrorsDoc, sourceFiles } from '../../scripts/errors-doc.js';

const doc = readFileSync(DOC_PATH, 'utf8');
/** The codes docs/errors.md lists: the first cell of each table row. */
const documented = (section: string) => new Set([...(doc.split(`## ${section}`)[1] ?? '').split('\n## ')[0]!.matchAll(/^\| <a id="[^"]*"><\/a>`([a-z_]+)`/gm)].map((m) => m[1]));

describe('the error catalog', () => {
  it('is what docs/errors.md says (regenerate with `npx tsx scripts/errors-doc.ts`)', () => {
    expect(doc).toBe(renderErrorsDoc());
  });

  it('documents every code it declares, and declares every code documented', () => {
    const codes = new Set(Object.values(CATALOG).map((e) => e.code));
    expect([...documented('Codes')].sort()).toEqual([...codes].sort());
    expect([...documented('Field codes')].sort()).toEqual(Object.keys(FIELD_CODES).sort());
  });

  it('gives every kind a status, every entry a meaning, and fills every placeholder', () => {
    for (const [name, e] of Object.entries(CATALOG)) {
      expect(HTTP_STATUS[e.kind], name).toBeGreaterThanOrEqual(400);
      expect(e.meaning.length, name).toBeGreaterThan(10);
      const names = [...e.message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const filled = formatMessage(e.message, Object.fromEntries(names.map((n) => [n, 'X'])));
      expect(filled, name).not.toMatch(/\{\w+\}/);
    }
    expect(apiError('NO_SUCH', { what: 'store' }).message).toBe('No such store.');
    expect(fieldError('RESPONSE_TOO_LARGE', { max: 3 }, { field: 'zoom' })).toEqual({
      field: 'zoom', code: 'response_too_large',
      message: 'The answer would embed more than 3 objects; ask for a smaller limit or fewer zooms, or follow links instead.',
    });
  });

  it('is the only place that builds an ApiError from a literal code', () => {
    // The old static helpers took a code or message; a `code: '…'` written inside a constructor
    // call is an inline code. Errors built elsewhere (fieldError, a validator's FieldError) carry a
    // code FieldError's type holds to the catalog and its field codes.
    const INLINE = [
      /ApiError\.(?:notFound|unauthenticated|forbidden|conflict)\(/,
      /(?:new ApiError\(|ApiError\.invalid\()[^;]*?\bcode:\s*['`]/,
    ];
    const offenders = sourceFiles()
      .map((p) => relative(ROOT, p))
      .filter((p) => p !== 'src/services/error-catalog.ts')
      .flatMap((p) => {
        const text = readFileSync(`${ROOT}/${p}`, 'utf8');
        return INLINE.filter((re) => re.test(text)).map((re) => `${p}: ${re.source}`);
      });
    expect(offenders).toEqual([]);
  });

  it('keeps HTTP out of service errors: the transports say status, challenge and scopes', () => {
    const denied = insufficientScope(['tax_settings_write', 'store_full_access']);
    expect(Object.keys(denied).sort()).toEqual(['details', 'errors', 'kind']);
    expect(denied.details).toEqual({ scopes: ['tax_settings_write', 'store_full_access'] });
    expect(httpStatusOf(denied)).toBe(403);
    expect(httpHeadersOf(denied)).toEqual({ 'www-authenticate': 'Bearer error="insufficient_scope", scope="tax_settings_write store_full_access"' });
    const gql = toGraphQLError(denied) as { extensions: Record<string, unknown> };
    expect(gql.extensions).toEqual({ code: 'FORBIDDEN', scopes: ['tax_settings_write', 'store_full_access'] });

    const anonymous = apiError('TOKEN_REQUIRED');
    expect(httpHeadersOf(anonymous)).toEqual({ 'www-authenticate': 'Bearer error="invalid_token", error_description="A valid bearer token is required."' });
    expect((toGraphQLError(anonymous) as { extensions: unknown }).extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(httpHeadersOf(apiError('METHOD_NOT_ALLOWED', { allow: ['GET', 'HEAD'] }, { details: { allow: ['GET', 'HEAD'] } }))).toEqual({ allow: 'GET, HEAD' });
    expect(denied).toBeInstanceOf(ApiError);
  });
});
