// Load generation with autocannon, plus the one rule that makes numbers from a shared machine
// usable: servers that are compared take turns (A B A B …) in the same run, so background load
// lands on both, and only their ratio is reported as a result.
import autocannon from 'autocannon';
import { cpuSeconds, databaseCpu, sampleRss, settle } from './proc.js';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (autocannon's setupRequest), e.g. to vary a body. */
  setupRequest?: (req: any) => any;
  connections: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Peak RSS of the server process while it was under this load, bytes. */
  peakRss: number;
  bytesPerResponse: number;
  /**
   * CPU time the server process used per answered request (user + system, all its threads), ms.
   * Far less sensitive than throughput to other work on the machine.
   */
  cpuMsPerRequest?: number;
  /** Share of one core the load generator (this process) used during the turns. */
  generatorCpu?: number;
  /** CPU time the local PostgreSQL server used per answered request, ms (closed loops only). */
  dbCpuMsPerRequest?: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

interface Raw {
  requests: number; seconds: number; latencies: number[]; errors: number; non2xx: number; bytes: number; cpu: number; generatorCpu: number;
  /** Requests in flight when the turn ended (answered after it, not counted in `requests`). */
  cutOff?: number;
}

async function once(spec: LoadSpec, seconds: number, pid?: number): Promise<Raw> {
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const ownBefore = process.cpuUsage();
  const latencies: number[] = [];
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    // autocannon calls setupRequest whenever the key is present, even when it is undefined.
    requests: [{ method: spec.method ?? 'GET', headers: spec.headers, body: spec.body, ...(spec.setupRequest ? { setupRequest: spec.setupRequest } : {}) }],
    timeout: 30,
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    latencies.push(ms);
    bytes += resBytes;
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : 0;
  const own = process.cpuUsage(ownBefore);
  return {
    requests: latencies.length, seconds: elapsed, latencies, errors: result.errors + result.timeouts, non2xx, bytes, cpu,
    generatorCpu: (own.user + own.system) / 1e6,
  };
}

function summarise(raws: Raw[], peakRss: number): LoadResult {
  const latencies = raws.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = raws.reduce((s, r) => s + r.requests, 0);
  const seconds = raws.reduce((s, r) => s + r.seconds, 0);
  return {
    requests, seconds, rps: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99),
    errors: raws.reduce((s, r) => s + r.errors, 0), non2xx: raws.reduce((s, r) => s + r.non2xx, 0), peakRss,
    bytesPerResponse: requests ? raws.reduce((s, r) => s + r.bytes, 0) / requests : 0,
    cpuMsPerRequest: requests ? (1000 * raws.reduce((s, r) => s + r.cpu, 0)) / raws.reduce((s, r) => s + r.requests + (r.cutOff ?? 0), 0) : undefined,
    generatorCpu: raws.reduce((s, r) => s + r.generatorCpu, 0) / seconds,
  };
}

export interface Contender {
  name: string;
  pid: number;
  spec: LoadSpec;
}

/**
 * The order of a round's turns: each contender takes each place in turn (rotation). Two alternate
 * (A B, B A: neither always runs right after the other warmed the caches); of three or more none is
 * always in the middle and none runs twice in a row. With A B C, then C B A, B never ran twice in a
 * row and the others did at every change of round, and a build compared with itself came out 8%
 * ahead in B's place (BENCHMARKS.md, round 22).
 */
export function turnOrder<T>(contenders: readonly T[], round: number): T[] {
  return contenders.map((_, i) => contenders[(i + round) % contenders.length]);
}

/**
 * Requests a closed loop's warm-up serves at the least (BENCH_WARMUP_REQUESTS), however long that
 * takes up to WARMUP_MAX_SECONDS. V8 optimises a function once it has run enough, not after a
 * time: a checkout on PostgreSQL, answered ~240 times a second here and calling most of its
 * functions once per request, was still being compiled by TurboFan 15 s into its load (while a
 * GET answered 10,000 times a second is compiled within its first second), so a warm-up of 3 s
 * measured it half cold: 2.9–3.6 ms of service CPU per checkout against 2.1–2.5 after 5,000
 * (BENCHMARKS.md, round 28). The autocannon scenarios answer thousands a second and keep their
 * time (a count there would lengthen the peers' turns of scenario 3 past the run's ten minutes).
 */
export const WARMUP_REQUESTS = Math.max(0, Number(process.env.BENCH_WARMUP_REQUESTS ?? 5000));
export const WARMUP_MAX_SECONDS = 30;

/** Seconds a warm-up that served `requests` in `seconds` still has to go (0: it is done). */
export function warmupLeft(requests: number, seconds: number): number {
  if (requests >= WARMUP_REQUESTS || seconds >= WARMUP_MAX_SECONDS) return 0;
  const rate = requests / Math.max(seconds, 0.001);
  return rate > 0 ? Math.min(WARMUP_MAX_SECONDS - seconds, (WARMUP_REQUESTS - requests) / rate) : 0;
}

/**
 * Runs every contender for `rounds` turns of `seconds` each, interleaved, after one warm-up of
 * `warmup` seconds each; returns one result per contender.
 */
export async function interleaved(contenders: Contender[], o: { seconds: number; rounds: number; warmup: number }): Promise<Map<string, LoadResult>> {
  for (const c of contenders) {
    await once(c.spec, o.warmup);
    await settle(c.pid);
  }
  const raws = new Map<string, Raw[]>(contenders.map((c) => [c.name, []]));
  const peaks = new Map<string, number>(contenders.map((c) => [c.name, 0]));
  for (let round = 0; round < o.rounds; round++) {
    const order = turnOrder(contenders, round);
    for (const c of order) {
      const rss = sampleRss(c.pid);
      const cpuBefore = cpuSeconds(c.pid);
      const raw = await once(c.spec, o.seconds, c.pid);
      peaks.set(c.name, Math.max(peaks.get(c.name)!, rss.stop().peak));
      // Requests cut off at the end of the turn still run to completion in the server; they must
      // not eat the next turn, and their CPU belongs to this one (one per connection at most).
      await settle(c.pid);
      raw.cpu = cpuSeconds(c.pid) - cpuBefore;
      raw.cutOff = c.spec.connections;
      raws.get(c.name)!.push(raw);
    }
  }
  return new Map(contenders.map((c) => [c.name, summarise(raws.get(c.name)!, peaks.get(c.name)!)]));
}

/** One server alone (no comparison). */
export async function single(c: Contender, o: { seconds: number; warmup: number }): Promise<LoadResult> {
  return (await interleaved([c], { ...o, rounds: 1 })).get(c.name)!;
}

/**
 * A closed loop of `workers` concurrent callers for `seconds` (or until `call` returns null: no
 * more work). `call` performs one request and returns its HTTP status.
 */
export async function closedLoop(pid: number, workers: number, seconds: number, call: () => Promise<number> | null): Promise<LoadResult & { latencies: number[] }> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const rss = sampleRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const db = databaseCpu();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const p = call();
      if (!p) return;
      try {
        const status = await p;
        if (status < 200 || status > 299) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length, seconds: elapsed, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99),
    errors, non2xx, peakRss: rss.stop().peak, bytesPerResponse: 0, latencies,
    cpuMsPerRequest: latencies.length ? (1000 * (cpuSeconds(pid) - cpuBefore)) / latencies.length : undefined,
    dbCpuMsPerRequest: latencies.length ? perRequest(db.stop(), latencies.length) : undefined,
  };
}

const perRequest = (seconds: number | undefined, n: number) => (seconds === undefined ? undefined : (1000 * seconds) / n);

/** Adds up results of several turns of the same contender. */
export function combine(parts: Array<LoadResult & { latencies: number[] }>): LoadResult {
  const requests = parts.reduce((s, r) => s + r.requests, 0);
  const seconds = parts.reduce((s, r) => s + r.seconds, 0);
  const latencies = parts.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    requests, seconds, rps: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99),
    errors: parts.reduce((s, r) => s + r.errors, 0), non2xx: parts.reduce((s, r) => s + r.non2xx, 0),
    peakRss: Math.max(...parts.map((r) => r.peakRss)), bytesPerResponse: 0,
    cpuMsPerRequest: requests ? parts.reduce((s, r) => s + (r.cpuMsPerRequest ?? 0) * r.requests, 0) / requests : undefined,
    dbCpuMsPerRequest: requests && parts.every((r) => r.dbCpuMsPerRequest !== undefined)
      ? parts.reduce((s, r) => s + r.dbCpuMsPerRequest! * r.requests, 0) / requests : undefined,
  };
}

/**
 * closedLoop's warm-up: `seconds`, and more until WARMUP_REQUESTS were served (or `call` ran out,
 * or WARMUP_MAX_SECONDS passed); the requests served. The rest is counted, not timed from the
 * first part's rate: a cold start's rate is a fraction of the warm one, and a time taken from it
 * made a PostgreSQL checkout's warm-up serve twice its count and run bench:ab out of carts.
 */
export async function warmClosedLoop(pid: number, workers: number, seconds: number, call: () => Promise<number> | null): Promise<number> {
  const first = await closedLoop(pid, workers, seconds, call);
  if (warmupLeft(first.requests, first.seconds) < 0.05) return first.requests;
  const rest = upTo(WARMUP_REQUESTS - first.requests, call);
  return first.requests + (await closedLoop(pid, workers, WARMUP_MAX_SECONDS - first.seconds, rest)).requests;
}

/** `call`, `n` times at most: after that, null (a closed loop's workers stop at it). */
export function upTo(n: number, call: () => Promise<number> | null): () => Promise<number> | null {
  let left = n;
  return () => (left-- > 0 ? call() : null);
}
