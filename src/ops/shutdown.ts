// Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, let requests in flight finish
// (Fastify's close waits for them and drops idle keep-alive sockets), close the database, exit 0.
// A request that outlives the grace period is abandoned and the process exits 1.
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long in-flight requests may take to finish. */
  graceMs: number;
  /** Runs before the server closes (stop timers and background work). */
  beforeClose?: () => void | Promise<void>;
  exit?: (code: number) => void;
}

export function installShutdown(app: FastifyInstance, opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error({ graceMs: opts.graceMs }, 'requests still running after the grace period; exiting');
      exit(1);
    }, opts.graceMs);
    timer.unref();
    try {
      await opts.beforeClose?.();
      await app.close();
      clearTimeout(timer);
      app.log.info('shut down cleanly');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * Once the app is closing, every answer says `Connection: close`, so keep-alive clients let go as
 * soon as their request is done and the close does not wait out their idle timeout.
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
