// What the operations routes (/readyz, /metrics) ask of the database, so that they, like every other
// front door, reach no database handle: whether it answers with every migration applied, which
// engine it is, and the webhook delivery and group commit figures a scrape reports.
import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.js';
import { pendingMigrations, ping } from '../db/migrate.js';

export type DatabaseHealth =
  | { state: 'ready' }
  | { state: 'migrating'; pending: string[] }
  | { state: 'unavailable' };

export interface WebhookFigure {
  status: string;
  deliveries: number;
  attempts: number;
}

/** SQLite's group commit so far (db/group-commit.ts): COMMITs run and the transactions they held. */
export interface GroupCommits {
  commits: number;
  members: number;
}

export class OpsHealth {
  constructor(private readonly database: Database) {}

  get dialect(): Dialect {
    return this.database.dialect;
  }

  /** Whether the database answers and has every migration this build knows. */
  async databaseHealth(): Promise<DatabaseHealth> {
    try {
      await ping(this.database);
      const pending = await pendingMigrations(this.database);
      return pending.length ? { state: 'migrating', pending } : { state: 'ready' };
    } catch {
      return { state: 'unavailable' };
    }
  }

  /** SQLite's group commit figures; none on PostgreSQL, whose transactions commit each on its own. */
  groupCommits(): GroupCommits | undefined {
    const c = this.database.commits;
    return c ? { commits: c.commits, members: c.members } : undefined;
  }

  /** Webhook deliveries and attempts by delivery state; none when the table or the database is away. */
  async webhookFigures(): Promise<WebhookFigure[]> {
    try {
      const rows = await this.database.db.selectFrom('webhook_statuses')
        .select(['status', sql<number>`count(*)`.as('deliveries'), sql<number>`coalesce(sum(attempts), 0)`.as('attempts')])
        .groupBy('status').execute();
      return rows.map((r) => ({ status: String(r.status), deliveries: Number(r.deliveries), attempts: Number(r.attempts) }));
    } catch {
      // No delivery table (yet) or no database: the scrape still answers with everything else.
      return [];
    }
  }
}
