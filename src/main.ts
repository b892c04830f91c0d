// Entry point: configuration from the environment, then listen.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { tick } from './commerce/scheduler.js';
import { ANONYMOUS } from './auth/principal.js';
import { installShutdown } from './ops/shutdown.js';

const config = loadConfig();
const app = await buildApp(config);
let timer: NodeJS.Timeout | undefined;
installShutdown(app, { graceMs: config.shutdownGraceMs, beforeClose: () => clearInterval(timer) });
await app.listen({ host: config.host, port: config.port });

// Subscription renewals, end dates and daily MRR snapshots, once a minute.
const schedulerCtx = () => app.container.context(ANONYMOUS, 'scheduler');
timer = setInterval(() => {
  tick(schedulerCtx()).catch((err) => app.log.error({ err }, 'subscription scheduler failed'));
}, 60_000);
timer.unref();
