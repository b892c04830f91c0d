// Liveness and readiness for orchestrators.
import type { FastifyInstance } from 'fastify';
import { pendingMigrations, ping } from './db/migrate.js';

export function registerOpsRoutes(app: FastifyInstance): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const { database } = app.container;
    try {
      await ping(database);
      const pending = await pendingMigrations(database);
      if (pending.length) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ready', database: database.dialect };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
