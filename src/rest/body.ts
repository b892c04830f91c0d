// The request body as a plain object of properties, whatever it arrived as (JSON, form, XML).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../services/errors.js';

export function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b)) {
    throw ApiError.invalid([{ code: 'invalid_body', message: 'the request body must be an object of properties' }]);
  }
  return { ...(b as Record<string, unknown>) };
}

/** The method a POST stands for: X-HTTP-Method-Override, or `_method` from an HTML form. */
export function effectiveMethod(req: FastifyRequest): string {
  if (req.method !== 'POST') return req.method;
  const header = req.headers['x-http-method-override'];
  const override = typeof header === 'string' ? header
    : typeof (req.body as Record<string, unknown> | undefined)?._method === 'string' ? String((req.body as Record<string, unknown>)._method) : '';
  const m = override.toUpperCase();
  if (req.body && typeof req.body === 'object') delete (req.body as Record<string, unknown>)._method;
  return ['PATCH', 'PUT', 'DELETE'].includes(m) ? m : 'POST';
}

export function idParam(raw: unknown, what: string): number {
  const s = String(raw);
  if (!/^[1-9]\d{0,15}$/.test(s)) throw ApiError.notFound(what);
  return Number(s);
}
