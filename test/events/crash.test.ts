// A change acknowledged just before the process is killed (SIGKILL, no shutdown) is in the log,
// with its event, when the database is opened again.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/database.js';

describe('crash after commit', () => {
  it('keeps the acknowledged write and its event', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'crash-writer.ts'), dataDir], {
      encoding: 'utf8', timeout: 60_000,
    });
    expect(child.signal).toBe('SIGKILL');
    const ack = JSON.parse(child.stdout.trim().split('\n').pop()!);
    expect(ack.status).toBe(201);
    const db = await openDatabase({ url: join(dataDir, 'db.sqlite') });
    try {
      const customer = await db.db.selectFrom('customers').selectAll().where('id', '=', Number(ack.id)).executeTakeFirst();
      expect(customer?.email).toBe('crash@example.com');
      const events = await db.db.selectFrom('events').select(['name', 'resource_id']).where('resource_type', '=', 'customer').execute();
      expect(events).toEqual([{ name: 'customer/created', resource_id: Number(ack.id) }]);
    } finally {
      await db.close();
    }
  });
});
