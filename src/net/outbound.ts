// The one HTTP client for calls to URLs that callers configure. DNS is resolved per request by
// undici's connector through our lookup (resolve.ts: bounded, off libuv's thread pool), which refuses
// non-public addresses (unless OUTBOUND_ALLOW_PRIVATE), so rebinding between check and connect is
// impossible: the address checked is the address connected to. Redirects are not followed.
import { isIP } from 'node:net';
import type { Agent, request as Request } from 'undici';
import { isPublicAddress } from './address-policy.js';
import { connectLookup, resolverFor, type DnsSettings, type HostResolver } from './resolve.js';

export class OutboundBlocked extends Error {
  readonly code = 'OUTBOUND_BLOCKED';
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface OutboundSettings {
  allowPrivate: boolean;
  dns: DnsSettings;
}

export interface PostOptions {
  timeoutMs: number;
  /** Bytes of the response body kept (the rest is discarded unread). */
  maxBodyBytes?: number;
}

/** undici's agent with our lookup, and its request function. */
interface Client { agent: Agent; request: typeof Request }

/**
 * One per instance (the container's): its agent keeps connections to the callers' hosts alive.
 * undici is loaded at the first call, not at start: most instances call out seldom or never, and
 * evaluating it was ~20 ms of a cold start (BENCHMARKS.md round 20).
 */
export class Outbound {
  private client?: Promise<Client>;
  private closed = false;
  private readonly hosts: HostResolver;

  constructor(private readonly settings: OutboundSettings) {
    this.hosts = resolverFor(settings.dns);
  }

  /** The client, made at the first call (concurrent first calls share it); none once closed. */
  private undici(): Promise<Client> {
    // A call after close would make an agent nobody destroys: refused, as the destroyed agent refused it.
    if (this.closed) return Promise.reject(new Error('the outbound client is closed'));
    return this.client ??= import('undici').then(({ Agent, request }) => {
      const allowed = (address: string) => this.settings.allowPrivate || isPublicAddress(address);
      const blocked = (hostname: string) => new OutboundBlocked(`${hostname} resolves only to addresses that may not be called`);
      return { request, agent: new Agent({ connect: { lookup: connectLookup(this.hosts.resolve, allowed, blocked) }, keepAliveTimeout: 10_000 }) };
    });
  }

  async post(rawUrl: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<OutboundResponse> {
    const url = new URL(rawUrl);
    this.checkLiteral(url);
    const { agent, request } = await this.undici();
    const res = await request(url, {
      method: 'POST', body, headers, dispatcher: agent, maxRedirections: 0,
      headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs, signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const max = opts.maxBodyBytes ?? 64 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    // Enough kept: the rest is not read. Leaving the loop destroys the body, and with it the
    // connection, so a receiver that never stops sending costs no more than `max` bytes.
    for await (const chunk of res.body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= max) break;
    }
    return { status: res.statusCode, headers: res.headers as OutboundResponse['headers'], body: Buffer.concat(chunks).subarray(0, max).toString('utf8') };
  }

  /**
   * At the container's close the requests have been answered and the dispatcher has waited for its
   * attempts: whatever is still open here is abandoned, not waited for (a receiver that hangs must
   * not hold a shutdown).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.hosts.cancel();
    if (this.client) await (await this.client).agent.destroy();
  }

  /** Checks a literal IP host up front: the lookup hook is not consulted for IP literals. */
  private checkLiteral(url: URL): void {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.settings.allowPrivate && isIP(host) && !isPublicAddress(host)) throw new OutboundBlocked(`${host} may not be called`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlocked(`${url.protocol} URLs may not be called`);
  }
}
