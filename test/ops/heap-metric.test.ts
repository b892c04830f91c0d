// /metrics tells the heap a process holds on to: the V8 heap held after the last full collection,
// young generation excluded. The heap's size and the RSS between collections follow the load; this
// figure is the one a leak raises (the bench's soak reads it beside the RSS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
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

  /** The same figure read here: the spaces a full collection leaves in use, young generation excluded. */
  const heldNow = () => getHeapSpaceStatistics().filter((s) => !['new_space', 'new_large_object_space'].includes(s.space_name))
    .reduce((sum, s) => sum + s.space_used_size, 0);
  const MB = 1024 * 1024;
  /** `n` MB in arrays of 1 MB (large objects, straight into the old generation). */
  const megabytes = (n: number, fill: number) => Array.from({ length: n }, () => new Array(128 * 1024).fill(fill));

  it('is the heap held after the last full collection, and follows what is held, not what was made', async () => {
    await collect();
    const base = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    // A part of the heap V8 reports in use (which also counts the young generation's new objects),
    // and what this process reads itself right after the same collection.
    expect(base).toBeGreaterThan(MB);
    expect(base).toBeLessThan(getHeapStatistics().used_heap_size);
    expect(Math.abs(base - heldNow())).toBeLessThan(16 * MB);
    // Far more than what the rest of the process frees or keeps between two collections (the app's
    // own work moves the figure by up to ~20 MB in a busy suite): 160 MB made and dropped, then held.
    let garbage: unknown[] | undefined = megabytes(160, 1.5);
    expect(garbage.length).toBe(160);
    garbage = undefined;
    await collect();
    const dropped = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    expect(dropped - base).toBeLessThan(60 * MB);
    const held = megabytes(160, 2.5);
    await collect();
    const kept = gauge(await scrape(), 'commerce_heap_live_bytes')!;
    expect(kept - dropped).toBeGreaterThan(120 * MB);
    expect(held.length).toBe(160);
  });
});
