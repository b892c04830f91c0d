// /metrics tells the heap a process holds on to: the V8 heap in use just after the last full
// collection. The heap's size and the RSS between collections follow the load; this figure is the
// one a leak raises (the bench's soak reads it beside the RSS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openWorld, type World } from '../rest/protocol/world.js';

// A full collection on demand: V8's gc(), exposed to a fresh context once the flag is set.
setFlagsFromString('--expose-gc');
const fullGc = runInNewContext('gc') as () => void;

function gauge(text: string, name: string): number | undefined {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

describe('the live heap on /metrics', () => {
  let w: World;
  beforeAll(async () => { w = await openWorld('sqlite'); });
  afterAll(async () => w?.close());

  const scrape = async () => (await w.app.inject({ method: 'GET', url: '/metrics' })).body;
  /** A full collection, and the service's observer told of it (ours, registered after, hears it after). */
  const collect = () => new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => (e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
        observer.disconnect();
        setImmediate(resolve);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    fullGc();
  });

  it('is the heap held after the last full collection, and follows what is held, not what was made', async () => {
    await collect();
    const base = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    // A part of the heap V8 reports in use (which also counts the young generation's new objects).
    expect(base).toBeGreaterThan(1024 * 1024);
    expect(base).toBeLessThan(getHeapStatistics().used_heap_size);
    // 40 MB made and dropped: the figure after the next collection does not keep it.
    let garbage: unknown[] | undefined = Array.from({ length: 40 }, () => new Array(128 * 1024).fill(1.5));
    expect(garbage.length).toBe(40);
    garbage = undefined;
    await collect();
    const dropped = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    expect(dropped - base).toBeLessThan(16 * 1024 * 1024);
    // 40 MB held: it does.
    const held = Array.from({ length: 40 }, () => new Array(128 * 1024).fill(2.5));
    await collect();
    const kept = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    expect(kept - dropped).toBeGreaterThan(30 * 1024 * 1024);
    expect(held.length).toBe(40);
  });
});
