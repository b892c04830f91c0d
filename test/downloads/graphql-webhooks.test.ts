// The same downloads through the other doors, on both engines: GraphQL's Transaction.downloads
// connection and Download type (values equal to REST's, scopes and tenancy alike), and transaction
// webhooks whose query zooms downloads, delivered for the purchase, each download and the revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { errorCodes, gql, gqlData, narrowToken } from '../graphql/helpers.js';
import { idOf, makeWorld, openDelivery, KEY, type World } from '../webhooks/world.js';
import { buy, downloadsOf, fetchUrl, openSeller, type Seller } from './setup.js';

const DOWNLOADS = `query($id: ID!) { transaction(id: $id) { downloads { totalCount nodes {
  id href fileName fileSize downloadUrl downloadsRemaining expiresAt status
  transaction { id } item { code } downloadable { id code }
} } } }`;

describe.each(engines())('downloads over GraphQL and webhooks (%s)', (engine) => {
  let w: World;
  let rx: Receiver;
  let s: Seller;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
    s = await openSeller(w.app, { base: { chain: w.chain, store: w.store } as Seller, max: 2, hours: 24 });
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  it('Transaction.downloads is a connection of Download with the REST values', async () => {
    const txn = await buy(w.app, s);
    const [rest] = await downloadsOf(w.app, txn, s.token);
    const data = await gqlData(w.app, DOWNLOADS, { token: s.token, variables: { id: String(idOf(link(txn, 'self'))) } });
    expect(data.transaction.downloads.totalCount).toBe(1);
    const [d] = data.transaction.downloads.nodes;
    expect(d).toEqual({
      id: String(idOf(link(rest, 'self'))), href: link(rest, 'self'), fileName: rest.file_name, fileSize: rest.file_size,
      downloadUrl: rest.download_url, downloadsRemaining: 2, expiresAt: rest.expires_at, status: 'ACTIVE',
      transaction: { id: String(idOf(link(txn, 'self'))) }, item: { code: s.code },
      downloadable: { id: String(idOf(link(s.downloadable, 'self'))), code: s.code },
    });
    expect((await fetchUrl(w.app, d.downloadUrl)).statusCode).toBe(200);
    const again = await gqlData(w.app, `query($id: ID!) { download(id: $id) { downloadsRemaining status } }`, { token: s.token, variables: { id: d.id } });
    expect(again.download).toEqual({ downloadsRemaining: 1, status: 'ACTIVE' });
    // Scopes as on REST: downloadables_read reads, another area is FORBIDDEN; another store finds nothing.
    const read = await narrowToken(w.app, w.chain, 'downloadables_read');
    const taxes = await narrowToken(w.app, w.chain, 'tax_settings_read');
    const q = `query($id: ID!) { download(id: $id) { downloadUrl } }`;
    expect((await gqlData(w.app, q, { token: read, variables: { id: d.id } })).download.downloadUrl).toBe(d.downloadUrl);
    expect(errorCodes((await gql(w.app, q, { token: taxes, variables: { id: d.id } })).body)).toEqual(['FORBIDDEN']);
    const other = await openSeller(w.app);
    const foreign = await gql(w.app, q, { token: other.token, variables: { id: d.id } });
    expect(foreign.body.data?.download ?? null).toBeNull();
    expect(JSON.stringify(foreign.body)).not.toContain(d.downloadUrl);
  });

  it('transaction webhooks zoom downloads and hear of each download and revocation', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/txn`, event_resource: 'transaction', query: 'zoom=downloads' });
    const only = await w.createWebhook({ url: `${rx.url}/revoked`, event_resource: 'transaction', events: ['transaction/downloads_revoked'] });
    rx.received.splice(0);
    const txn = await buy(w.app, s);
    await w.run();
    const [rest] = await downloadsOf(w.app, txn, s.token);
    expect((await fetchUrl(w.app, rest.download_url)).statusCode).toBe(200);
    // The download is recorded once its transfer has finished.
    for (let i = 0; i < 50 && !rx.received.some((r) => r.headers['service-webhook-event'] === 'transaction/downloaded'); i++) {
      await w.run();
      await new Promise((r) => setTimeout(r, 20));
    }
    await call(w.app, link(txn, 'svc:void'), { method: 'POST', token: s.token });
    await w.run();
    const got = await Promise.all(rx.received.splice(0).map((r) => openDelivery(r, KEY).then((o) => ({ url: r.url, ...o }))));
    const toHook = got.filter((g) => g.url === '/txn' && g.payload._links.self.href === link(txn, 'self'));
    expect(toHook.map((g) => g.event)).toEqual(['transaction/created', 'transaction/downloaded', 'transaction/voided', 'transaction/downloads_revoked']);
    // Rendered at delivery: the zoom shows the download as it is then (URL included).
    const zoomed = toHook[0].payload._embedded['svc:downloads'];
    expect(zoomed).toHaveLength(1);
    expect(zoomed[0]).toMatchObject({ download_url: rest.download_url, file_name: 'the book.pdf' });
    expect(got.filter((g) => g.url === '/revoked').map((g) => g.event)).toEqual(['transaction/downloads_revoked']);
    expect(json(await call(w.app, link(rest, 'self'), { token: s.token })).status).toBe('revoked');
    for (const h of [hook, only]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: s.token });
  });
});
