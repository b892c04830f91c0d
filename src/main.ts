// Entry point: configuration from the environment, then listen.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { tick } from './commerce/scheduler.js';
import { ANONYMOUS } from './auth/principal.js';

const config = loadConfig();
const app = await buildApp(config);
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ host: config.host, port: config.port });

// Subscription renewals, end dates and daily MRR snapshots, once a minute.
const schedulerCtx = () => app.container.context(ANONYMOUS, 'scheduler');
const timer = setInterval(() => {
  tick(schedulerCtx()).catch((err) => app.log.error({ err }, 'subscription scheduler failed'));
}, 60_000);
timer.unref();
