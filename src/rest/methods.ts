// OPTIONS and 405 on every path. Routes registered method by method (the home resource, /clients,
// /reporting, the commerce actions, /token…) would otherwise answer 404 to OPTIONS and to a method
// they do not take; the generated resource routes answer every method themselves. The methods of
// each path are collected as routes are added, and once all are in, the missing ones are added:
// OPTIONS → 204 with Allow, anything else → 405 with Allow (RFC 9110 §15.5.6). REST paths keep their
// rules (version header, negotiation) for these answers too.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';

const EVERY: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The Allow list of a set of handled methods, in a stable order (HEAD with GET, OPTIONS always). */
export function allowList(methods: Iterable<string>): string[] {
  const set = new Set(methods);
  if (set.has('GET')) set.add('HEAD');
  set.add('OPTIONS');
  return EVERY.filter((m) => set.has(m));
}

export function methodNotAllowed(allow: string[]): ApiError {
  return apiError('METHOD_NOT_ALLOWED', { allow }, { details: { allow } });
}

/** Call before the routes are registered; returns the function that adds the missing methods. */
export function collectRestMethods(app: FastifyInstance): () => void {
  const byUrl = new Map<string, { methods: Set<string>; rest: boolean }>();
  let completed = false;
  app.addHook('onRoute', (route) => {
    // A wildcard path is a catch-all (asset folders): other methods there are simply not found.
    if (completed || route.url.includes('*')) return;
    let entry = byUrl.get(route.url);
    if (!entry) byUrl.set(route.url, entry = { methods: new Set(), rest: false });
    for (const m of [route.method].flat()) entry.methods.add(m);
    entry.rest ||= route.config?.rest === true;
  });
  return () => {
    completed = true;
    for (const [url, { methods: handled, rest }] of byUrl) {
      const allow = allowList(handled);
      const missing = EVERY.filter((m) => !handled.has(m) && !(m === 'HEAD' && handled.has('GET')));
      if (!missing.length) continue;
      app.route({
        method: missing, url, config: { rest },
        handler: async (req, reply) => {
          if (req.method === 'OPTIONS') return reply.header('allow', allow.join(', ')).code(204).send();
          throw methodNotAllowed(allow);
        },
      });
    }
  };
}
