// Load of the noisy-neighbour scenario: autocannon turns that keep every latency and status, at a
// fixed rate (tenant B) or as fast as answered (tenant A).
import autocannon from 'autocannon';

export interface Measured { latencies: number[]; statuses: Map<number, number>; errors: number }

export async function run(opts: { url: string; headers: Record<string, string>; method?: string; body?: string; connections: number; seconds: number; rate?: number }): Promise<Measured> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: opts.url, connections: opts.connections, duration: opts.seconds, timeout: 30,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    requests: [{ method: (opts.method ?? 'GET') as 'GET', headers: opts.headers, body: opts.body }],
  });
  instance.on('response', (_c: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, errors: result.errors + result.timeouts };
}

export const bad = (m: Measured) => m.errors + [...m.statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, c]) => n + c, 0);
export const statusList = (m: Measured) => [...m.statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${c}× ${s}`).join(', ');

/** Opens sockets for tenant A and asks for `total` distinct live subscriptions; counts what was admitted and refused. */
