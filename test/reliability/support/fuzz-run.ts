// Runs a generated case through a check and collects the failures instead of stopping at the first,
// so one run reports every distinct problem (grouped by route and reason) with an example each.
import fc from 'fast-check';

/** FUZZ_SEED and FUZZ_RUNS override the fixed seed and the default number of cases. */
export function fuzzSettings(defaultRuns: number): { seed: number; runs: number } {
  const seed = Number(process.env.FUZZ_SEED ?? 20_240_917);
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  return { seed, runs: Math.round(Number(process.env.FUZZ_RUNS ?? defaultRuns) * scale) };
}

export interface Failure {
  group: string;
  example: string;
}

export interface FuzzReport {
  cases: number;
  failures: Failure[];
  /** Answers per status code. */
  statuses: Record<string, number>;
  ms: number;
}

export async function fuzz<T>(arb: fc.Arbitrary<T>, runs: number, seed: number,
  check: (c: T, report: FuzzReport) => Promise<Failure | undefined>): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, failures: [], statuses: {}, ms: 0 };
  const started = Date.now();
  await fc.assert(fc.asyncProperty(arb, async (c) => {
    report.cases++;
    const f = await check(c, report);
    if (f) report.failures.push(f);
  }), { numRuns: runs, seed, endOnFailure: true });
  report.ms = Date.now() - started;
  return report;
}

/** One line per distinct failure group, with its count and first example. */
export function summarize(report: FuzzReport): string {
  const groups = new Map<string, { n: number; example: string }>();
  for (const f of report.failures) {
    const g = groups.get(f.group) ?? { n: 0, example: f.example };
    g.n++;
    groups.set(f.group, g);
  }
  return [...groups].map(([k, g]) => `${g.n}× ${k}\n    e.g. ${g.example.slice(0, 600)}`).join('\n');
}

export function count(report: FuzzReport, status: number): void {
  report.statuses[status] = (report.statuses[status] ?? 0) + 1;
}
