// What a scenario hands to the report: rows of measurements, the reference they are divided by,
// and the verdict against the budget.
export type Verdict = 'met' | 'not met' | 'skipped' | 'measured';

export interface Row {
  /** Who answered: the service, the baseline, PostGraphile, … */
  name: string;
  rps?: number;
  p50?: number;
  p99?: number;
  peakRssMb?: number;
  statements?: number;
  /** This row's figure divided by the reference's, same run. */
  ratio?: number;
  /** Server CPU time per request, ms, and that divided by the reference's (higher costs more). */
  cpuMs?: number;
  cpuRatio?: number;
  errors?: number;
  bytes?: number;
  note?: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  engine: string;
  verdict: Verdict;
  budget?: string;
  /** Why it was skipped, or what decided the verdict. */
  reason?: string;
  rows: Row[];
  notes: string[];
}

export const mb = (bytes: number) => bytes / 2 ** 20;

interface Measured { rps: number; p50: number; p99: number; peakRss: number; errors: number; non2xx: number; bytesPerResponse: number; cpuMsPerRequest?: number }

export function loadRow(name: string, r: Measured, extra: Partial<Row> = {}): Row {
  return {
    name, rps: r.rps, p50: r.p50, p99: r.p99, peakRssMb: mb(r.peakRss), errors: r.errors + r.non2xx,
    bytes: r.bytesPerResponse || undefined, cpuMs: r.cpuMsPerRequest, ...extra,
  };
}

/** Throughput ratio and CPU-per-request ratio of `r` against the reference `ref`. */
export function versus(r: Measured, ref: Measured): Pick<Row, 'ratio' | 'cpuRatio'> {
  return {
    ratio: r.rps / ref.rps,
    cpuRatio: r.cpuMsPerRequest && ref.cpuMsPerRequest ? r.cpuMsPerRequest / ref.cpuMsPerRequest : undefined,
  };
}

export function skipped(id: string, title: string, engine: string, reason: string, budget?: string): ScenarioResult {
  console.log(`[bench] scenario ${id} (${title}) on ${engine} skipped: ${reason}`);
  return { id, title, engine, verdict: 'skipped', reason, budget, rows: [], notes: [] };
}
