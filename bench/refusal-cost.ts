// What refusing a caller over budget costs the service: CPU µs per 429. The app runs in this
// process (SQLite in a temporary directory, RATE_LIMIT_MAX=50, LOG_LEVEL=warn as in the bench);
// one token's budget is spent, then a child process floods it over loopback keep-alive
// connections (autocannon, closed loop, as tenant A of the noisy scenario does) while this
// process measures its own CPU. Usage: `npx tsx bench/refusal-cost.ts [seconds] [connections]`.
// The figures are per answer and per second: a service that stops reading a hammering connection
// answers fewer 429s, so its CPU per second, not per answer, is what B's latency feels.
// With a third argument `allowed` the budget is never spent: the same loop measures what the rate
// limiter's hooks cost an answered request (GET of the token's store).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { fetcher, tokenChain } from './api.js';
import { ROOT } from './config.js';
import { freePort } from './proc.js';
import { restHeaders } from './context.js';

const seconds = Number(process.argv[2] ?? 3);
const connections = Number(process.argv[3] ?? 8);
const allowed = process.argv[4] === 'allowed';
const port = await freePort();
const config = loadConfig(process.env, {
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: mkdtempSync(join(tmpdir(), 'refusal-cost-')), databaseUrl: ':memory:', logLevel: 'warn',
  jwtSecret: 'k1:' + 'x'.repeat(48), rateLimitMax: allowed ? 1e12 : 50, rateLimitCredentialsMax: 1000,
});
const app = await buildApp(config, { logger: false, dispatcher: false });
const address = await app.listen({ port, host: '127.0.0.1' });
const chain = await tokenChain(fetcher(address), `cost-${Date.now()}`);
const url = `${address}${new URL(chain.storeHref, address).pathname}`;
// Spend the budget: every request from here on is a 429.
if (!allowed) for (let status = 0; status !== 429;) status = (await fetch(url, { headers: restHeaders(chain.storeToken) })).status;

const FLOOD = `
import autocannon from 'autocannon';
const [url, headers, seconds, connections] = JSON.parse(process.argv[1]);
const statuses = {};
const r = autocannon({ url, headers, duration: seconds, connections, timeout: 30 });
r.on('response', (_c, status) => { statuses[status] = (statuses[status] ?? 0) + 1; });
const done = await r;
process.stdout.write(JSON.stringify({ statuses, errors: done.errors, timeouts: done.timeouts }));
`;
const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOD, JSON.stringify([url, restHeaders(chain.storeToken), seconds, connections])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (b) => { out += b; });
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((resolve) => child.once('exit', resolve));
const cpu = process.cpuUsage(cpu0);
const wall = (performance.now() - t0) / 1000;
const report = JSON.parse(out) as { statuses: Record<string, number>; errors: number; timeouts: number };
const answers = Object.values(report.statuses).reduce((a, b) => a + b, 0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(JSON.stringify({
  connections, seconds: Number(wall.toFixed(2)), statuses: report.statuses, errors: report.errors, timeouts: report.timeouts,
  answersPerSecond: Math.round(answers / wall), cpuMsPerSecond: Math.round(cpuMs / wall),
  cpuMicrosecondsPerAnswer: answers ? Math.round((cpuMs * 1000) / answers) : null,
}));
await app.close();
process.exit(0);
