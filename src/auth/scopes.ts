// Which token may do what, from the scopes each resource declares in the SDL (@resource read/write/
// resend). `store_full_access` covers everything in its store, `*_write` implies `*_read`.
import type { ResourceDef } from '../model/types.js';
import type { Principal } from './principal.js';

export const CLIENT_FULL = 'client_full_access';
export const USER_FULL = 'user_full_access';
export const STORE_FULL = 'store_full_access';

export type AccessMode = 'read' | 'write' | 'resend';

/** Every scope a token may be granted. */
export const AREA_SCOPES = [
  'tax_settings_read', 'tax_settings_write', 'payment_settings_read', 'payment_settings_write',
  'downloadables_read', 'downloadables_write', 'webhooks_read', 'webhooks_write', 'webhooks_resend',
] as const;

/** The scopes that grant `mode` on `r`, in addition to the owner's full-access scope. */
export function grantingScopes(r: ResourceDef, mode: AccessMode): string[] {
  switch (r.owner) {
    case 'CLIENT': return [CLIENT_FULL];
    case 'GLOBAL': return [USER_FULL];
    case 'USER': return mode === 'read' ? [STORE_FULL, USER_FULL, ...AREA_SCOPES] : [STORE_FULL, USER_FULL];
    case 'STORE': {
      const area = mode === 'read' ? [...r.scopes.read, ...r.scopes.write] : mode === 'write' ? r.scopes.write : r.scopes.resend;
      return [STORE_FULL, ...area];
    }
  }
}

export function allowed(p: Principal, r: ResourceDef, mode: AccessMode): boolean {
  if (r.owner === 'STORE' && !p.storeId) return false;
  if (mode === 'resend' && r.scopes.resend.length) {
    // Resending needs its own scope on top of write access (spec: "resending also needs webhooks_resend").
    return (p.scopes.has(STORE_FULL) || r.scopes.resend.some((s) => p.scopes.has(s)));
  }
  return grantingScopes(r, mode).some((s) => p.scopes.has(s));
}
