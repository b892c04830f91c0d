// The service's notion of now, injectable so tests can move time (expiry, subscriptions, retries).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `YYYY-MM-DDThh:mm:ss+0000`, the spec's timestamp format, always in UTC so text order is time order. */
export function formatTimestamp(d: Date): string {
  return d.toISOString().slice(0, 19) + '+0000';
}

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private t = new Date('2026-01-01T00:00:00Z')) {}
  now(): Date {
    return new Date(this.t);
  }
  set(d: Date): void {
    this.t = new Date(d);
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}
