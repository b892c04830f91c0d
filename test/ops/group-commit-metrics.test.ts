// /metrics tells how well SQLite's group commit shares its COMMITs: the COMMITs run and the write
// transactions they held (members over commits is the mean group). Writes sent together share a
// COMMIT; PostgreSQL, whose transactions commit each on its own, has no such series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { link } from '../helpers/rest.js';
import { openWorld, type World } from '../rest/protocol/world.js';

function counter(text: string, name: string): number | undefined {
  const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

describe.each(engines())('group commit figures on /metrics (%s)', (engine) => {
  let w: World;
  beforeAll(async () => { w = await openWorld(engine); });
  afterAll(async () => w?.close());

  const scrape = async () => (await w.app.inject({ method: 'GET', url: '/metrics' })).body;

  it(engine === 'sqlite' ? 'counts COMMITs and the writes they held; writes sent together share one' : 'has no group commit series', async () => {
    const before = await scrape();
    const creates = await Promise.all(Array.from({ length: 8 }, (_, i) => w.req(link(w.store, 'svc:customers'), {
      method: 'POST', body: { first_name: 'G', last_name: String(i), email: `group${i}@example.com` },
    })));
    expect(creates.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const after = await scrape();
    if (engine !== 'sqlite') {
      expect(after).not.toContain('commerce_sqlite_group_commits_total');
      return;
    }
    const commits = counter(after, 'commerce_sqlite_group_commits_total')! - counter(before, 'commerce_sqlite_group_commits_total')!;
    const members = counter(after, 'commerce_sqlite_group_members_total')! - counter(before, 'commerce_sqlite_group_members_total')!;
    expect(members).toBeGreaterThanOrEqual(8);
    expect(commits).toBeGreaterThan(0);
    expect(commits, `${members} writes in ${commits} COMMITs`).toBeLessThan(members);
  });
});
