// Browser sessions for the server-rendered pages: a signed, HttpOnly, SameSite=Lax cookie holding a
// random session id, the logged-in user and when it started; CSRF tokens are HMACs of that session
// id; one-time flash messages are AES-GCM-encrypted cookies bound to the session. Every key is
// derived from the JWT keys, so rotating JWT_SECRET rotates these too (older keys still verify).
// A logged-in session is also a row (auth/web-sessions.ts: found by the SHA-256 of its id, expiring
// on the database clock): log-out deletes it, so a copied cookie is worthless from then on, on every
// instance. Anonymous sessions (only there to carry the log-in form's CSRF token) stay cookie-only,
// so visitors cannot fill the table.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey, type SigningKey } from '../auth/keys.js';
import type { WebSessionStore } from '../auth/web-sessions.js';
import type { Clock } from '../services/clock.js';

export const SESSION_COOKIE = 'sid';
const FLASH_COOKIE = 'flash';
/** Absolute lifetime of a log-in. */
export const SESSION_SECONDS = 8 * 3600;
const FLASH_SECONDS = 120;

export interface Session {
  id: string;
  userId?: number;
  /** Unix seconds when the session started. */
  started: number;
}

/** A page request refused for a reason the user should see (bad CSRF token, expired form...). */
export class WebError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export class WebSessions {
  private readonly csrfKeys: Buffer[];
  private readonly flashKeys: Buffer[];

  constructor(keys: SigningKey[], private readonly clock: Clock, private readonly secure: boolean, private readonly store: WebSessionStore) {
    this.csrfKeys = keys.map((k) => deriveKey(k, 'csrf'));
    this.flashKeys = keys.map((k) => deriveKey(k, 'flash'));
  }

  /** The secrets @fastify/cookie signs with: the first signs, all verify. */
  static cookieSecrets(keys: SigningKey[]): Buffer[] {
    return keys.map((k) => deriveKey(k, 'session cookie'));
  }

  private nowSec(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private cookieOptions(path = '/', maxAge = SESSION_SECONDS) {
    return { path, httpOnly: true, sameSite: 'lax' as const, secure: this.secure, maxAge };
  }

  /** The request's session: null without a valid cookie, or when its log-in has ended (log-out, expiry). */
  async read(req: FastifyRequest): Promise<Session | null> {
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const u = req.unsignCookie(raw);
    const m = u.valid && u.value ? /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.(\d{1,12})$/.exec(u.value) : null;
    if (!m) return null;
    const started = Number(m[3]);
    const session: Session = { id: m[1], userId: Number(m[2]) || undefined, started };
    // An anonymous session only carries the log-in form's CSRF token: its age is the instance's
    // business (a fast clock elsewhere makes it look young, never valid for a log-in). A log-in's
    // life is its row's, judged by the database clock alone.
    if (session.userId === undefined) return this.nowSec() - started > SESSION_SECONDS ? null : session;
    return (await this.store.isLive(session.id, session.userId)) ? session : null;
  }

  /** A new session (a new id: logging in never keeps a pre-login id, against fixation). */
  async start(reply: FastifyReply, userId?: number): Promise<Session> {
    const s: Session = { id: randomBytes(16).toString('base64url'), userId, started: this.nowSec() };
    if (userId !== undefined) await this.store.start(s.id, userId, SESSION_SECONDS);
    reply.setCookie(SESSION_COOKIE, `${s.id}.${userId ?? 0}.${s.started}`, { ...this.cookieOptions(), signed: true });
    return s;
  }

  /** The current session, or a new anonymous one so that forms can carry a CSRF token. */
  async ensure(req: FastifyRequest, reply: FastifyReply): Promise<Session> {
    return (await this.read(req)) ?? this.start(reply);
  }

  /** Ends the session everywhere: the row goes, so a copy of the cookie no longer logs anyone in. */
  async end(session: Session | null, reply: FastifyReply): Promise<void> {
    if (session) await this.store.end(session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  private mac(key: Buffer, session: Session, purpose: string): Buffer {
    return createHmac('sha256', key).update(`${session.id}|${purpose}`).digest();
  }

  csrfToken(session: Session, purpose: string): string {
    return this.mac(this.csrfKeys[0], session, purpose).toString('base64url');
  }

  /** Refuses a form whose token is not this session's for this purpose. */
  checkCsrf(session: Session | null, token: unknown, purpose: string): asserts session is Session {
    const given = typeof token === 'string' ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
    const ok = !!session && given.length === 32 && this.csrfKeys.some((k) => timingSafeEqual(this.mac(k, session, purpose), given));
    if (!ok) throw new WebError(403, 'This form has expired or did not come from this site. Go back, reload the page and try again.');
  }

  /** Stores data to show once on the next page of `path` in this session. */
  setFlash(reply: FastifyReply, session: Session, path: string, data: unknown): void {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.flashKeys[0], iv);
    cipher.setAAD(Buffer.from(`${session.id}|${path}`));
    const body = Buffer.concat([cipher.update(JSON.stringify({ exp: this.nowSec() + FLASH_SECONDS, data })), cipher.final()]);
    const value = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    reply.setCookie(FLASH_COOKIE, value, this.cookieOptions(path, FLASH_SECONDS));
  }

  /** The flash data for `path`, removed as it is read (a reload shows nothing). */
  takeFlash(req: FastifyRequest, reply: FastifyReply, session: Session, path: string): unknown {
    const raw = req.cookies[FLASH_COOKIE];
    if (!raw) return undefined;
    reply.clearCookie(FLASH_COOKIE, { path });
    const buf = Buffer.from(raw, 'base64url');
    if (buf.length < 29) return undefined;
    for (const key of this.flashKeys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
        decipher.setAAD(Buffer.from(`${session.id}|${path}`));
        decipher.setAuthTag(buf.subarray(12, 28));
        const json = JSON.parse(Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8'));
        return json.exp >= this.nowSec() ? json.data : undefined;
      } catch {
        // Another key, another session or a tampered value: try the next key, then give up.
      }
    }
    return undefined;
  }
}
