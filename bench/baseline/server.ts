// The practical limit the service is compared with: node:http, the bearer token verified with the
// service's own JWT code, hand-written SQL (one statement per level) and JSON.stringify, over the
// same database. It answers only what the scenarios ask:
//   GET  /items/:id                                       → the item's HAL+JSON (scenario 1)
//   GET  /stores/:id/transactions?limit=&offset=&zoom=…  → the HAL+JSON collection (scenario 2)
//   POST /graphql {variables: {first}}                     → the nested query's answer (scenario 3)
//   POST /carts/:id/items                                  → one durable insert (scenarios 4 and 5)
//   WebSocket /ws + POST /broadcast                        → one message to every socket (scenario 6)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hash } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { parseKeys } from '../../src/auth/keys.js';
import { verifyAccessToken } from '../../src/auth/jwt.js';
import { openLoader } from './load.js';
import { graphqlAnswer, halCollection, halItem } from './render.js';

const base = process.env.BASE_URL!;
const issuer = process.env.ISSUER!;
const keys = parseKeys(process.env.JWT_SECRET!);
const loader = openLoader(process.env.DATABASE_URL!);

function claimsOf(req: IncomingMessage) {
  const auth = req.headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? verifyAccessToken(keys, issuer, auth.slice(7), Math.floor(Date.now() / 1000)) : null;
}

function send(res: ServerResponse, status: number, body: string, type = 'application/hal+json'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const wss = new WebSocketServer({ noServer: true });

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', base);
  if (url.pathname === '/healthz') return send(res, 200, '{"status":"ok"}', 'application/json');
  if (url.pathname === '/broadcast' && req.method === 'POST') {
    const message = JSON.stringify({ sentAt: (await readJson(req)).sentAt, name: 'cart/created' });
    for (const ws of wss.clients) ws.send(message);
    return send(res, 202, '{}', 'application/json');
  }
  const claims = claimsOf(req);
  const store = claims?.sid;
  if (!claims || !store) return send(res, 401, '{"error":"invalid_token"}', 'application/json');
  // `x-baseline-checks` asks for the work the service must do besides this (scenario 1's second
  // reference): the token's liveness statement on every request, and an ETag of the answer.
  const checks = req.headers['x-baseline-checks'] !== undefined;
  if (checks && !(await loader.live(claims, Math.floor(Date.now() / 1000)))) return send(res, 401, '{"error":"invalid_token"}', 'application/json');
  const m = /^\/stores\/(\d+)\/transactions$/.exec(url.pathname);
  if (req.method === 'GET' && m) {
    if (Number(m[1]) !== store) return send(res, 404, '{"error":"not_found"}');
    const limit = Math.min(300, Number(url.searchParams.get('limit') ?? 20) || 20);
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    const page = await loader.page(store, limit, offset, true);
    const qs = url.searchParams.toString();
    const collection = `${base}/stores/${store}/transactions`;
    return send(res, 200, halCollection(base, qs ? `${collection}?${qs}` : collection, collection, url.searchParams, limit, offset, page));
  }
  const item = /^\/items\/(\d+)$/.exec(url.pathname);
  if (req.method === 'GET' && item) {
    const row = await loader.item(store, Number(item[1]));
    if (!row) return send(res, 404, '{"error":"not_found"}');
    const body = halItem(base, row);
    if (checks) res.setHeader('etag', `"${hash('sha1', body, 'base64url')}"`).setHeader('vary', 'Accept');
    return send(res, 200, body);
  }
  const cartItems = /^\/carts\/(\d+)\/items$/.exec(url.pathname);
  if (req.method === 'POST' && cartItems) {
    const body = await readJson(req);
    const category = /\/item_categories\/(\d+)$/.exec(String(body.item_category_uri ?? ''));
    if (typeof body.name !== 'string' || !body.name || body.price === undefined) return send(res, 400, '{"error":"invalid"}');
    const row = await loader.addItem(store, Number(cartItems[1]), {
      name: body.name, price: String(body.price), quantity: Number(body.quantity ?? 1), code: body.code ?? null,
      item_category_id: category ? Number(category[1]) : null,
    });
    return row ? send(res, 201, halItem(base, row)) : send(res, 404, '{"error":"not_found"}');
  }
  if (req.method === 'POST' && url.pathname === '/graphql') {
    const body = await readJson(req) as { variables?: { first?: number } };
    const page = await loader.page(store, Math.min(300, Number(body.variables?.first ?? 20)), 0, false);
    return send(res, 200, graphqlAnswer(base, page), 'application/json');
  }
  send(res, 404, '{"error":"not_found"}', 'application/json');
}

const server = createServer((req, res) => {
  handle(req, res).catch((err) => send(res, 500, JSON.stringify({ error: String(err) }), 'application/json'));
});
server.keepAliveTimeout = 65_000;
server.on('upgrade', (req, socket, head) => {
  if (!req.url?.startsWith('/ws')) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void loader.close().then(() => process.exit(0));
});
