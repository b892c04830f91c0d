// OPTIONS and 405 on every REST path. Routes registered method by method (the home resource,
// /clients, /reporting, the commerce actions…) would otherwise answer 404 to OPTIONS and to a
// method they do not take; the generated resource routes answer every method themselves. The
// methods of each REST path are collected as routes are added, and once all are in, the missing
// ones are added: OPTIONS → 204 with Allow, anything else → 405 with Allow (RFC 9110 §15.5.6).
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ApiError } from '../services/errors.js';

const EVERY: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The Allow list of a set of handled methods, in a stable order (HEAD with GET, OPTIONS always). */
export function allowList(methods: Iterable<string>): string[] {
  const set = new Set(methods);
  if (set.has('GET')) set.add('HEAD');
  set.add('OPTIONS');
  return EVERY.filter((m) => set.has(m));
}

export function methodNotAllowed(allow: string[]): ApiError {
  const list = allow.join(', ');
  return new ApiError('method_not_allowed', [{ code: 'method_not_allowed', message: `allowed methods: ${list}` }], { allow: list });
}

/** Call before any route is registered; returns the function that adds the missing methods. */
export function collectRestMethods(app: FastifyInstance): () => void {
  const byUrl = new Map<string, Set<string>>();
  let completed = false;
  app.addHook('onRoute', (route) => {
    if (completed || route.config?.rest !== true) return;
    let set = byUrl.get(route.url);
    if (!set) byUrl.set(route.url, set = new Set());
    for (const m of [route.method].flat()) set.add(m);
  });
  return () => {
    completed = true;
    for (const [url, handled] of byUrl) {
      const allow = allowList(handled);
      const missing = EVERY.filter((m) => !handled.has(m) && !(m === 'HEAD' && handled.has('GET')));
      if (!missing.length) continue;
      app.route({
        method: missing, url, config: { rest: true },
        handler: async (req, reply) => {
          if (req.method === 'OPTIONS') return reply.header('allow', allow.join(', ')).code(204).send();
          reply.header('allow', allow.join(', '));
          throw methodNotAllowed(allow);
        },
      });
    }
  };
}
