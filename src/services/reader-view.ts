// Fields a resource shows only to principals that may write it (a webhook's encryption_key: the
// key that signs and encrypts its deliveries is write-only for tokens that can merely read
// webhooks), and secret fields stored sealed (AES-GCM, src/auth/sealing.ts) that writers see in
// clear. Both front doors apply the same rule: REST before representing rows, GraphQL in the
// field resolvers.
import type { Values } from '../data/codec.js';
import type { ResourceDef } from '../model/types.js';
import { allowed } from '../auth/scopes.js';
import type { Principal } from '../auth/principal.js';
import { openColumn } from '../auth/sealing.js';
import type { ServiceContext } from './context.js';
import { rulesOf } from './rule-book.js';

/** The columns `r` hides from principals that may not write it. */
export function writerOnlyColumns(r: ResourceDef): readonly string[] {
  return rulesOf(r.name)?.writerOnlyFields ?? [];
}

/** Whether `p` may see the writer-only fields of `r`. */
export function seesWriterFields(p: Principal, r: ResourceDef): boolean {
  return allowed(p, r, 'write');
}

/** The columns `r` stores sealed. */
export function sealedColumns(r: ResourceDef): readonly string[] {
  return rulesOf(r.name)?.sealedFields ?? [];
}

/** A column's value as `ctx`'s principal may see it: null for readers, opened when sealed. */
export function columnFor(ctx: Pick<ServiceContext, 'principal' | 'tokens'>, r: ResourceDef, column: string, value: unknown): unknown {
  if (writerOnlyColumns(r).includes(column) && !seesWriterFields(ctx.principal, r)) return null;
  return sealedColumns(r).includes(column) ? openColumn(ctx.tokens.opts.keys, column, value) : value;
}

/** The rows as the principal may see them: writer-only columns cleared for readers, sealed ones opened. */
export function readerView(ctx: Pick<ServiceContext, 'principal' | 'tokens'>, r: ResourceDef, rows: Values[]): Values[] {
  const cols = [...new Set([...writerOnlyColumns(r), ...sealedColumns(r)])];
  if (!cols.length) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const c of cols) if (c in copy) copy[c] = columnFor(ctx, r, c, copy[c]);
    return copy as Values;
  });
}
