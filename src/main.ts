// Entry point: configuration from the environment (checked), then build (waiting for a database that
// is still coming up) and listen. A start that cannot succeed ends with one line on stderr and exit
// code 1, never a stack trace.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { tick } from './commerce/scheduler.js';
import { ANONYMOUS } from './auth/principal.js';
import { installShutdown } from './ops/shutdown.js';
import { strayRejections } from './ops/metrics.js';
import { buildWhenDatabaseReachable, describeStartError } from './ops/startup.js';

function stop(lines: string): never {
  for (const line of lines.split('\n')) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) stop(err.problems.map((p) => `invalid configuration: ${p.message}`).join('\n'));
  throw err;
}
const app = await buildWhenDatabaseReachable(config, () => buildApp(config), {
  log: (line) => process.stderr.write(`${line}\n`),
}).catch((err: unknown) => stop(describeStartError(err, config)));
// A promise rejected with nobody to handle it (a library hook it calls without awaiting, a catch
// forgotten on some path) ended the process by Node's default, and with it every tenant's requests
// in flight: one request reaching such a path would take the service down. It is a defect, so it
// is logged as an error and counted (/metrics), but the request it came from was answered or failed
// on its own; the process keeps serving. An exception thrown outside any promise still ends it.
process.on('unhandledRejection', (reason) => {
  strayRejections.inc();
  app.log.error({ err: reason }, 'a promise was rejected with nobody to handle it; the process keeps serving');
});
let timer: NodeJS.Timeout | undefined;
installShutdown(app, { graceMs: config.shutdownGraceMs, beforeClose: () => clearInterval(timer) });
try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  await app.close().catch(() => undefined);
  stop(describeStartError(err, config));
}

// Subscription renewals, end dates and daily MRR snapshots, once a minute.
const schedulerCtx = () => app.container.context(ANONYMOUS, 'scheduler');
timer = setInterval(() => {
  tick(schedulerCtx()).catch((err) => app.log.error({ err }, 'subscription scheduler failed'));
}, 60_000);
timer.unref();
