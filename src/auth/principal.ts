// The caller behind a request, as established from its bearer token.
import type { TenantScope } from '../data/tenancy.js';
import type { Rider } from '../db/ride-along.js';

export type PrincipalKind = 'anonymous' | 'client' | 'user' | 'store';

export interface Principal extends TenantScope {
  kind: PrincipalKind;
  scopes: ReadonlySet<string>;
  /** The token's id (jti), for revocation checks and logs. */
  tokenId?: string;
  /** The grant (refresh-token family) the token belongs to: the credential its holder keeps. */
  grantId?: string;
  /** When the token expires (Unix seconds); long-lived connections close then. */
  expiresAt?: number;
  /**
   * Whether the store had cart items past their expiry when this request's token was checked
   * (TokenService.preflight); undefined where nobody looked (internal callers), which means "look".
   */
  expiredCartItems?: boolean;
  /**
   * The token's liveness check when it rides with the request's first statement (token-check.ts):
   * until it has answered, nothing the request did may be sent.
   */
  check?: PendingCheck;
}

/**
 * A token check that rides with a statement (db/ride-along.ts). settle() resolves once the token
 * was found live, and throws otherwise (401, or the database's own error).
 */
export interface PendingCheck extends Rider {
  readonly live: boolean;
  /** Not sent yet: the request's next statement that may will carry it. */
  readonly waiting: boolean;
}

export const ANONYMOUS: Principal = { kind: 'anonymous', scopes: new Set() };

export function tenantScope(p: Principal): TenantScope {
  return { clientId: p.clientId, userId: p.userId, storeId: p.storeId };
}
