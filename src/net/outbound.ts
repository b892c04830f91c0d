// The one HTTP client for calls to URLs that callers configure. DNS is resolved per request by
// undici's connector through our lookup, which refuses non-public addresses (unless
// OUTBOUND_ALLOW_PRIVATE), so rebinding between check and connect is impossible: the address
// checked is the address connected to. Redirects are not followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { isPublicAddress } from './address-policy.js';

export class OutboundBlocked extends Error {
  readonly code = 'OUTBOUND_BLOCKED';
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Bytes of the response body kept (the rest is discarded unread). */
  maxBodyBytes?: number;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = (addresses as unknown as LookupAddress[]).filter((a) => allowPrivate || isPublicAddress(a.address));
      if (!list.length) return callback(new OutboundBlocked(`${hostname} resolves only to addresses that may not be called`), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

const agents = new Map<boolean, Agent>();
function agentFor(allowPrivate: boolean): Agent {
  let a = agents.get(allowPrivate);
  if (!a) {
    a = new Agent({ connect: { lookup: guardedLookup(allowPrivate) }, keepAliveTimeout: 10_000 });
    agents.set(allowPrivate, a);
  }
  return a;
}

/** Checks a literal IP host up front: the lookup hook is not consulted for IP literals. */
function checkLiteral(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new OutboundBlocked(`${host} may not be called`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlocked(`${url.protocol} URLs may not be called`);
}

export async function postOutbound(rawUrl: string, body: string, headers: Record<string, string>, opts: OutboundOptions): Promise<OutboundResponse> {
  const url = new URL(rawUrl);
  checkLiteral(url, opts.allowPrivate);
  const res = await request(url, {
    method: 'POST', body, headers, dispatcher: agentFor(opts.allowPrivate), maxRedirections: 0,
    headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs, signal: AbortSignal.timeout(opts.timeoutMs),
  });
  const max = opts.maxBodyBytes ?? 64 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    if (size < max) chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { status: res.statusCode, headers: res.headers as OutboundResponse['headers'], body: Buffer.concat(chunks).subarray(0, max).toString('utf8') };
}
