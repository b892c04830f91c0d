// The request body as a plain object of properties, whatever it arrived as (JSON, form, XML), and
// the lenient reading existing integrations rely on (DESIGN §3): an empty body is no body whatever
// its Content-Type, every `+json` type parses as JSON, and so does a text/plain body holding JSON
// (what fetch labels a string body it was not told the type of).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../services/error-catalog.js';
import { jsonDepth, MAX_JSON_DEPTH } from '../ops/http-limits.js';

/** `application/<anything>+json`, parameters allowed (`application/merge-patch+json; charset=utf-8`). */
const PLUS_JSON = /^application\/[!#$%&'*.^_`|~0-9a-z-]+\+json\s*(?:;|$)/i;

/** A body that did not parse: kept as text, so bodyObject answers 415 as for any other text. */
class UnparsedText { constructor(readonly text: string) {} }

export function registerBodyParsing(app: FastifyInstance): void {
  // No body bytes (Content-Length 0, or neither a length nor chunked): nothing to parse, so no
  // parser may refuse it (an empty JSON body, or a type we do not read at all). REST routes only;
  // the raw upload route reads req.raw itself.
  // A callback hook, not an async one: it never waits, and a promise per request is not free.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.config?.rest === true && req.headers['transfer-encoding'] === undefined) {
      const length = req.headers['content-length'];
      if (length === undefined || length === '0') delete req.headers['content-type'];
    }
    done();
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const json = (lenient: boolean) => (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = body as string;
    if (text === '') return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(apiError('TOO_DEEP', { max: MAX_JSON_DEPTH }), undefined);
    }
    if (!lenient) return parseJson(req, text, done);
    parseJson(req, text, (err, value) => done(null, err ? new UnparsedText(text) : value));
  };
  app.addContentTypeParser(PLUS_JSON, { parseAs: 'string' }, json(false));
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, json(true));
}

/** The parsed body as it came (an object, a list, …); text that is not JSON answers 415. */
export function bodyValue(req: FastifyRequest): unknown {
  // Text that is not JSON: properties only come as JSON, form or XML.
  if (req.body instanceof UnparsedText) {
    throw apiError('TEXT_BODY');
  }
  return req.body;
}

export function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const b = bodyValue(req);
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b)) {
    throw apiError('NOT_AN_OBJECT');
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
  if (!/^[1-9]\d{0,15}$/.test(s)) throw apiError('NO_SUCH', { what });
  return Number(s);
}
