// The request body as a plain object of properties, whatever it arrived as (JSON, form, XML).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../services/errors.js';

export function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  // Fastify reads text/plain into a string; properties only come as JSON, form or XML.
  if (typeof b === 'string' && /^text\/plain\b/i.test(req.headers['content-type'] ?? '')) {
    throw new ApiError('unsupported_media_type', [{
      code: 'unsupported_media_type', message: 'send the properties as application/json, application/x-www-form-urlencoded or application/xml',
    }]);
  }
  if (typeof b !== 'object' || Array.isArray(b)) {
    throw ApiError.invalid([{ code: 'invalid_body', message: 'the request body must be an object of properties' }]);
  }
  return { ...(b as Record<string, unknown>) };
}

/**
 * The method a POST stands for: X-HTTP-Method-Override, or `_method` from an HTML form. Only form
 * bodies (what a browser can send) carry `_method`; in a JSON or XML body it is just an unknown property.
 */
export function effectiveMethod(req: FastifyRequest): string {
  if (req.method !== 'POST') return req.method;
  const header = req.headers['x-http-method-override'];
  const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(req.headers['content-type'] ?? '');
  const body = form && req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : undefined;
  const override = typeof header === 'string' ? header : typeof body?._method === 'string' ? body._method : '';
  if (body) delete body._method;
  const m = override.toUpperCase();
  return ['PATCH', 'PUT', 'DELETE'].includes(m) ? m : 'POST';
}

export function idParam(raw: unknown, what: string): number {
  const s = String(raw);
  if (!/^[1-9]\d{0,15}$/.test(s)) throw ApiError.notFound(what);
  return Number(s);
}
