// The access token a person pasted on /browse, kept for the browsable HTML facade only: an
// AES-GCM-sealed, HttpOnly, SameSite=Strict cookie (`__Host-` prefixed over https), read only for
// REST requests that negotiate text/html and carry no Authorization header of their own. A write
// authenticated this way must come from our own origin (Origin header), on top of SameSite=Strict,
// so another site can neither read the token nor make the browser use it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey, type SigningKey } from '../auth/keys.js';
import type { Principal } from '../auth/principal.js';
import type { AppServices } from '../container.js';
import { apiError } from '../services/error-catalog.js';

/** How long a pasted token is kept at most (access tokens usually expire sooner). */
export const BROWSE_TOKEN_SECONDS = 8 * 3600;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export class BrowserTokens {
  readonly cookieName: string;
  private readonly keys: Buffer[];
  private readonly origin: string;
  private readonly secure: boolean;

  constructor(keys: SigningKey[], baseUrl: string) {
    this.keys = keys.map((k) => deriveKey(k, 'browse token'));
    this.origin = new URL(baseUrl).origin;
    this.secure = baseUrl.startsWith('https:');
    // __Host-: only ever set by this origin over https, for the whole site, never a subdomain's.
    this.cookieName = this.secure ? '__Host-api_token' : 'api_token';
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(value: string): string | undefined {
    const buf = Buffer.from(value, 'base64url');
    if (buf.length < 29 || buf.length > 8192) return undefined;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
        decipher.setAuthTag(buf.subarray(12, 28));
        return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        // Another key (rotation) or a tampered value: try the next, then give up.
      }
    }
    return undefined;
  }

  /** The sealed cookie's value from the Cookie header (REST routes do not parse cookies). */
  private raw(req: FastifyRequest): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === this.cookieName) return part.slice(eq + 1).trim();
    }
    return undefined;
  }

  token(req: FastifyRequest): string | undefined {
    const raw = this.raw(req);
    return raw ? this.open(raw) : undefined;
  }

  has(req: FastifyRequest): boolean {
    return this.raw(req) !== undefined;
  }

  set(reply: FastifyReply, token: string): void {
    reply.setCookie(this.cookieName, this.seal(token),
      { path: '/', httpOnly: true, sameSite: 'strict', secure: this.secure, maxAge: BROWSE_TOKEN_SECONDS });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(this.cookieName, { path: '/', httpOnly: true, sameSite: 'strict', secure: this.secure });
  }

  /**
   * The principal of an HTML request's pasted token, or undefined (none, or no longer valid: the
   * page is then answered as to anyone, with a link to paste a new one). A write must name our origin.
   */
  async principal(req: FastifyRequest, container: AppServices): Promise<Principal | undefined> {
    const token = this.token(req);
    if (!token) return undefined;
    if (!SAFE.has(req.method) && req.headers.origin !== this.origin) {
      throw apiError('CROSS_ORIGIN');
    }
    return (await container.tokens.principalFromHeader(`Bearer ${token}`)) ?? undefined;
  }
}

const instances = new WeakMap<AppServices, BrowserTokens>();
export function browserTokens(container: AppServices): BrowserTokens {
  let t = instances.get(container);
  if (!t) instances.set(container, t = new BrowserTokens(container.tokens.opts.keys, container.config.baseUrl));
  return t;
}
