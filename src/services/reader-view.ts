// Fields a resource shows only to principals that may write it (a webhook's encryption_key: the
// key that signs and encrypts its deliveries is write-only for tokens that can merely read
// webhooks). Both front doors apply the same rule: REST before representing rows, GraphQL in the
// field resolvers.
import type { Values } from '../data/codec.js';
import type { ResourceDef } from '../model/types.js';
import { allowed } from '../auth/scopes.js';
import type { Principal } from '../auth/principal.js';
import { resourceRules } from '../resources/index.js';

/** The columns `r` hides from principals that may not write it. */
export function writerOnlyColumns(r: ResourceDef): readonly string[] {
  return resourceRules[r.name]?.writerOnlyFields ?? [];
}

/** Whether `p` may see the writer-only fields of `r`. */
export function seesWriterFields(p: Principal, r: ResourceDef): boolean {
  return allowed(p, r, 'write');
}

/** The rows as `p` may see them: writer-only columns cleared for readers. */
export function readerView(p: Principal, r: ResourceDef, rows: Values[]): Values[] {
  const hidden = writerOnlyColumns(r);
  if (!hidden.length || seesWriterFields(p, r)) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const c of hidden) if (c in copy) copy[c] = null;
    return copy as Values;
  });
}
