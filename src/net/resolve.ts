// Host names of URLs that callers configure (webhooks, pre-checkout hooks, tax endpoints) are
// resolved by asking DNS through c-ares (node:dns's Resolver), bounded in time, not through
// dns.lookup. dns.lookup runs getaddrinfo on libuv's thread pool (4 threads), where it cannot be
// cancelled: a name whose servers never answer holds a thread for the system resolver's whole
// timeout, and four such names (one tenant's webhooks) stopped everything else the pool runs, such
// as the scrypt of every tenant's client-secret check and file reads, for as long as they lasted.
// c-ares waits on the event loop's own sockets and gives up after `timeoutMs` × TRIES.
//
// /etc/hosts is not consulted for these names (they are the callers' names, for DNS to answer), with
// one exception, RFC 6761's: `localhost` and names under it are the loopback addresses.
import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

export interface DnsSettings {
  /** Name servers (`ip` or `ip:port`); empty: the system's (/etc/resolv.conf). */
  servers: string[];
  /** How long one try waits for an answer. */
  timeoutMs: number;
}

/** Tries per name server, each of at most `timeoutMs`. */
export const TRIES = 2;

const LOOPBACK: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }];

const dnsError = (code: string, hostname: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code} ${hostname}`), { code, hostname, syscall });

export interface HostResolver {
  /** The addresses of `hostname` (IPv4 first), or an error with the resolver's code (ENOTFOUND, ETIMEOUT, …). */
  resolve(hostname: string, family?: number): Promise<LookupAddress[]>;
  /** Ends the queries still waiting (ECANCELLED), so none outlives its owner. */
  cancel(): void;
}

export function resolverFor(settings: DnsSettings): HostResolver {
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: TRIES });
  if (settings.servers.length) resolver.setServers(settings.servers);
  // c-ares bounds each query; this bounds the whole answer (servers × tries, its back-off included).
  const boundMs = settings.timeoutMs * TRIES * Math.max(1, settings.servers.length) + 100;
  const resolve = async (hostname: string, family?: number): Promise<LookupAddress[]> => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return LOOPBACK.filter((a) => !family || a.family === family);
    const asks: Array<Promise<LookupAddress[]>> = [];
    if (family !== 6) asks.push(resolver.resolve4(name).then((l) => l.map((address) => ({ address, family: 4 }))));
    if (family !== 4) asks.push(resolver.resolve6(name).then((l) => l.map((address) => ({ address, family: 6 }))));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(dnsError('ETIMEOUT', hostname, 'query')), boundMs);
    });
    try {
      const answers = await Promise.race([Promise.allSettled(asks), late]);
      const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
      if (found.length) return found;
      // Neither family: the error that says most (a timeout or a refusal over "no such data").
      const errors = answers.map((a) => (a as PromiseRejectedResult).reason as { code?: string });
      throw errors.find((e) => e.code !== 'ENODATA' && e.code !== 'ENOTFOUND') ?? errors.find((e) => e.code === 'ENOTFOUND') ?? dnsError('ENOTFOUND', hostname, 'query');
    } finally {
      clearTimeout(timer);
      // An abandoned query still settles (c-ares's own bound); nobody awaits it.
      for (const a of asks) a.catch(() => undefined);
    }
  };
  return { resolve, cancel: () => resolver.cancel() };
}

/**
 * The lookup for undici's connector (net.connect's `lookup`): the addresses `resolve` finds that
 * `allowed` lets through, or `blocked(hostname)` when it found only others.
 */
export function connectLookup(resolve: (hostname: string, family?: number) => Promise<LookupAddress[]>, allowed: (address: string) => boolean, blocked: (hostname: string) => Error): LookupFunction {
  return (hostname, options, callback) => {
    const f: unknown = options.family;
    const family = f === 4 || f === 'IPv4' ? 4 : f === 6 || f === 'IPv6' ? 6 : undefined;
    resolve(hostname, family).then((addresses) => {
      const list = addresses.filter((a) => allowed(a.address));
      if (!list.length) return callback(blocked(hostname), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    }, (err: NodeJS.ErrnoException) => callback(err, '', 4));
  };
}
