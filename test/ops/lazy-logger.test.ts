// The request's child logger is made on its first log call at an enabled level (src/ops/logging.ts,
// lazyChildLogger): lines logged through it carry the request's bindings exactly as a pino child's
// would, calls at disabled levels make nothing, and a route level gets a real child at once.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { lazyChildLogger } from '../../src/ops/logging.js';

function sink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l)); done(); } });
  return { lines, stream };
}

describe('lazy request logger', () => {
  it('logs with the request bindings, and makes the child only when a line is written', () => {
    const { lines, stream } = sink();
    const logger = pino({ level: 'warn' }, stream);
    let children = 0;
    const child = logger.child as unknown as (this: unknown, b: pino.Bindings, o?: pino.ChildLoggerOptions) => pino.Logger;
    // Counted on the parent; pino's children inherit it, so `this` is whichever logger is asked.
    logger.child = function (this: unknown, b: pino.Bindings, o?: pino.ChildLoggerOptions) { children++; return child.call(this, b, o); } as unknown as typeof logger.child;
    const log = lazyChildLogger.call(undefined, logger, { reqId: 'r1' }, {});
    log.info('not written');
    log.debug('not written');
    expect(children).toBe(0);
    log.warn({ n: 1 }, 'written');
    log.error('also written');
    expect(children).toBe(1);
    log.child({ part: 'x' }).error('from a grandchild');
    expect(lines.map((l) => [l.reqId, l.msg, l.n, l.part])).toEqual([
      ['r1', 'written', 1, undefined], ['r1', 'also written', undefined, undefined], ['r1', 'from a grandchild', undefined, 'x'],
    ]);
    expect((log as unknown as { bindings(): pino.Bindings }).bindings()).toEqual({ reqId: 'r1' });
  });

  it('gives a route with its own level a real child', () => {
    const { lines, stream } = sink();
    const logger = pino({ level: 'warn' }, stream);
    const log = lazyChildLogger.call(undefined, logger, { reqId: 'r2' }, { level: 'debug' });
    log.debug('written at the route level');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['r2', 'written at the route level']]);
  });
});
