// Not a test: measures webhook deliveries per second to a local receiver on SQLite (a file with
// the production settings). Events are written first with the dispatcher off, then a fresh
// instance with the dispatcher on delivers them all. Run: npx tsx test/webhooks/measure-throughput.ts [events] [webhooks]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, containerOf } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE, TEST_JWT_SECRET } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';
import { startReceiver } from '../helpers/receiver.js';

const events = Number(process.argv[2] ?? 2000);
const webhooks = Number(process.argv[3] ?? 1);
const dataDir = mkdtempSync(join(tmpdir(), 'webhook-bench-'));
const config = loadConfig({}, {
  baseUrl: BASE, dataDir, jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', databaseUrl: join(dataDir, 'db.sqlite'),
  outboundAllowPrivate: true, webhookPollMs: 1000, sqliteSynchronous: (process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'),
});
const rx = await startReceiver(() => ({ status: 204 }));

const writer = await buildApp(config, { logger: false, dispatcher: false });
const chain = await tokenChain(writer);
const store = json(await call(writer, chain.storeHref, { token: chain.storeToken }));
for (let i = 0; i < webhooks; i++) {
  await call(writer, link(store, 'svc:webhooks'), {
    method: 'POST', token: chain.storeToken,
    body: { name: `bench ${i}`, format: 'json', encryption_key: 'bench key', event_resource: 'customer', url: `${rx.url}/h${i}`, query: 'zoom=attributes' },
  });
}
for (let i = 0; i < events; i++) {
  await call(writer, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: `c${i}@example.com` } });
}
await writer.close();

const expected = events * webhooks;
const started = performance.now();
const app = await buildApp(config, { logger: false });
await app.ready();
const statementsBefore = containerOf(app).database.stats.statements;
const cpuBefore = process.cpuUsage();
while (rx.received.length < expected) await new Promise((r) => setTimeout(r, 20));
const ms = performance.now() - started;
const statements = containerOf(app).database.stats.statements - statementsBefore;
const cpu = process.cpuUsage(cpuBefore);
console.log(`${expected} deliveries (${events} events × ${webhooks} webhook(s), json over http: JWE + signatures) in ${ms.toFixed(0)} ms ` +
  `= ${(expected / (ms / 1000)).toFixed(0)} deliveries/s on SQLite (synchronous=${config.sqliteSynchronous}), ` +
  `${(statements / expected).toFixed(1)} SQL statements and ${((cpu.user + cpu.system) / 1000 / expected).toFixed(2)} ms CPU (service and receiver) per delivery`);

await app.close();
await rx.close();
