// Subscription frequencies: `<n>d`, `<n>w`, `<n>m`, `<n>y`, and `.5m` (twice a month).

export function addFrequency(date: string, frequency: string, times = 1): string {
  const d = new Date(`${date}T00:00:00Z`);
  const m = /^(\d+|\.5)([dwmy])$/.exec(frequency);
  if (!m || Number.isNaN(d.getTime())) throw new Error(`bad frequency ${frequency} or date ${date}`);
  const n = m[1] === '.5' ? 0.5 : Number(m[1]);
  const unit = m[2];
  if (unit === 'd') d.setUTCDate(d.getUTCDate() + n * times);
  else if (unit === 'w') d.setUTCDate(d.getUTCDate() + 7 * n * times);
  else if (n === 0.5) d.setUTCDate(d.getUTCDate() + 15 * times);
  else {
    const months = unit === 'm' ? n * times : 12 * n * times;
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    // Clamp to the last day of a shorter month (Jan 31 + 1m = Feb 28/29).
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d.toISOString().slice(0, 10);
}

/** Monthly value of a charge of `amount` every `frequency`, for MRR. */
export function monthlyFactor(frequency: string): number {
  const m = /^(\d+|\.5)([dwmy])$/.exec(frequency);
  if (!m) return 0;
  const n = m[1] === '.5' ? 0.5 : Number(m[1]);
  const perMonth = { d: 30 / n, w: 30 / (7 * n), m: 1 / n, y: 1 / (12 * n) }[m[2] as 'd' | 'w' | 'm' | 'y'];
  return perMonth;
}
