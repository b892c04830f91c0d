// Which token may do what, from the scopes each resource declares in the SDL (@resource read/write/
// resend). `store_full_access` covers everything in its store, `*_write` implies `*_read`.
import type { Registry, ResourceDef } from '../model/types.js';
import type { Principal } from './principal.js';

export const CLIENT_FULL = 'client_full_access';
export const USER_FULL = 'user_full_access';
export const STORE_FULL = 'store_full_access';

export type AccessMode = 'read' | 'write' | 'resend';

/** Every area scope some resource declares (tax_settings_read, webhooks_resend, ...), sorted. */
export function areaScopes(registry: Registry): string[] {
  const all = registry.resources.flatMap((r) => [...r.scopes.read, ...r.scopes.write, ...r.scopes.resend]);
  return [...new Set(all)].sort();
}

/** Scopes a store-level token may carry: the full-access scope and every area scope. */
export function storeScopes(registry: Registry): string[] {
  return [STORE_FULL, ...areaScopes(registry)];
}

/** Whether a grant of `granted` covers `wanted` (for narrowing at the token endpoint, RFC 6749 §6). */
export function covers(registry: Registry, granted: ReadonlySet<string>, wanted: string): boolean {
  if (granted.has(wanted)) return true;
  if (granted.has(STORE_FULL) && areaScopes(registry).includes(wanted)) return true;
  const read = /^(.+)_read$/.exec(wanted);
  return !!read && granted.has(`${read[1]}_write`);
}

/** The scopes that grant `mode` on `r`, in addition to the owner's full-access scope. */
export function grantingScopes(r: ResourceDef, mode: AccessMode): string[] {
  switch (r.owner) {
    case 'CLIENT': return [CLIENT_FULL];
    // A store token reads the user who owns its store (the home resource links it as svc:user).
    case 'GLOBAL': return mode === 'read' ? [USER_FULL, STORE_FULL] : [USER_FULL];
    case 'USER': return mode === 'read' ? [USER_FULL, STORE_FULL, '(any scope of the store)'] : [STORE_FULL, USER_FULL];
    case 'PARENT':
    case 'STORE': {
      const area = mode === 'read' ? [...r.scopes.read, ...r.scopes.write] : mode === 'write' ? r.scopes.write : r.scopes.resend;
      return [STORE_FULL, ...area];
    }
  }
}

/** The resource whose access rules govern `child` when it is reached through `parent`. */
export function accessTarget(parent: ResourceDef, child: ResourceDef): ResourceDef {
  return child.owner === 'PARENT' ? parent : child;
}

export function allowed(p: Principal, r: ResourceDef, mode: AccessMode): boolean {
  if ((r.owner === 'STORE' || r.owner === 'PARENT') && !p.storeId) return false;
  // Every token of a store may read that store, whatever its area (it is the root of its links).
  if (r.owner === 'USER' && mode === 'read' && p.storeId) return true;
  if (mode === 'resend' && r.scopes.resend.length) {
    // Resending needs its own scope on top of write access (spec: "webhooks_write; resending also
    // needs webhooks_resend"): the resend scope alone does not do.
    return p.scopes.has(STORE_FULL)
      || (r.scopes.resend.some((s) => p.scopes.has(s)) && r.scopes.write.some((s) => p.scopes.has(s)));
  }
  return grantingScopes(r, mode).some((s) => p.scopes.has(s));
}
