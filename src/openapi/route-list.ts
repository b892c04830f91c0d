// Every route the app registers, as (methods, url, rest?), so tests can hold the OpenAPI
// description to the routes that really exist (src/openapi/document.ts must describe each one).
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute { methods: string[]; url: string; rest: boolean }

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** Call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (opts) => {
    const methods = (Array.isArray(opts.method) ? opts.method : [opts.method]).map(String);
    routes.push({ methods, url: opts.url, rest: (opts.config as { rest?: boolean } | undefined)?.rest === true });
  });
}
