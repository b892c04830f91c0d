// Who counts as active for the fair share (src/ops/fair-share.ts): callers seen in the current or
// the previous period, taken together, so two callers seen one in each of two consecutive periods
// share the loop (turns, and slices of large answers); after two idle periods nobody is active.
// The clock is vitest's fake Date; the requests are bare Node objects on an unconnected socket.
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairShare } from '../../src/ops/fair-share.js';

/** A response on a real (unconnected) socket: what the fair share looks at is the socket and `close`. */
function response(): ServerResponse {
  return Object.assign(new EventEmitter(), { socket: new Socket(), destroyed: false }) as unknown as ServerResponse;
}

describe('the fair share\'s active callers', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('counts callers of two consecutive periods together, and forgets them after two idle periods', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const fair = new FairShare(2, 1000);
    expect(fair.shared()).toBe(false);
    fair.enter('A', response());
    expect(fair.shared()).toBe(false);
    vi.setSystemTime(1_001_100); // the next period: A was seen in the previous one
    fair.enter('B', response());
    expect(fair.shared()).toBe(true);
    vi.setSystemTime(1_002_200); // B in the previous period, nobody in this one yet
    expect(fair.shared()).toBe(false);
    fair.enter('B', response());
    expect(fair.shared()).toBe(false);
    fair.enter('A', response());
    expect(fair.shared()).toBe(true);
    vi.setSystemTime(1_005_000); // two idle periods
    expect(fair.shared()).toBe(false);
  });

  it('never reports sharing with turns off', () => {
    const fair = new FairShare(0, 1000);
    fair.enter('A', response());
    fair.enter('B', response());
    expect(fair.shared()).toBe(false);
  });
});
