// An app on PostgreSQL reached through a TCP proxy (tcp-proxy.ts), so that a test can cut, take
// down or single out its connections, and a terminator of its backends for chaos runs.
import pg from 'pg';
import { makeApp, PG_URL, type MakeAppOptions, type TestApp } from '../../helpers/app.js';
import { startProxy, type Proxy } from './tcp-proxy.js';

export async function proxiedApp(opts: MakeAppOptions = {}): Promise<{ t: TestApp; proxy: Proxy }> {
  const target = new URL(PG_URL!);
  const proxy = await startProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(PG_URL!);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const t = await makeApp({ ...opts, engine: 'postgres', config: { ...opts.config, databaseUrl: viaProxy.toString() } });
  return { t, proxy };
}

export interface Terminator {
  /** Stops terminating and answers how many backends it terminated. */
  stop(): Promise<number>;
}

/**
 * Terminates one of the app's backends at a time (pg_terminate_backend, as an operator or a
 * failover would), at random moments `minMs`–`maxMs` apart, while `go()` says so.
 */
export async function terminateBackends(proxy: Proxy, minMs: number, maxMs: number, go: () => boolean = () => true): Promise<Terminator> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  let running = true;
  let terminated = 0;
  const loop = (async () => {
    while (running && go()) {
      const r = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = (
        SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[]) ORDER BY random() LIMIT 1)`, [proxy.upstreamPorts()]);
      terminated += r.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, minMs + Math.random() * (maxMs - minMs)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await admin.end();
      return terminated;
    },
  };
}
