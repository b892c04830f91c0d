// Limits on what one request may cost before any handler runs: socket timeouts against slow clients
// (slowloris), header and URL sizes, body size and JSON nesting depth.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerOptions } from 'node:http';
import type { Config } from '../config.js';
import { ApiError } from '../services/errors.js';
import type { SendErrors } from './error-reply.js';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { apiError, fieldError } from '../services/error-catalog.js';

/** Largest request body (uploads have their own limit, MAX_UPLOAD_BYTES). */
export const BODY_LIMIT = 1024 * 1024;
/** Request line plus headers; Node answers 431 beyond it. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Query strings longer than this answer 414: no filter or zoom needs more. */
export const MAX_QUERY_BYTES = 8 * 1024;
/** Deepest nesting of arrays and objects in a JSON body; no input of ours nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

type TimeoutConfig = Pick<Config, 'httpRequestTimeoutMs' | 'httpHeadersTimeoutMs' | 'httpKeepAliveTimeoutMs' | 'httpIdleTimeoutMs'>;

export function serverOptions(config: TimeoutConfig): Pick<FastifyServerOptions, 'bodyLimit' | 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  const requestTimeout = config.httpRequestTimeoutMs;
  return {
    bodyLimit: BODY_LIMIT,
    // A socket silent this long is closed, whatever state its request is in.
    connectionTimeout: config.httpIdleTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    requestTimeout,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node refuses a headers timeout above the request timeout.
      headersTimeout: Math.min(config.httpHeadersTimeoutMs, requestTimeout),
      // Node checks both timeouts on this period (default 30 s, too coarse for a 10 s headers timeout).
      connectionsCheckingInterval: Math.min(1000, config.httpHeadersTimeoutMs),
    },
  };
}

/** The deepest array/object nesting of JSON text, scanned without parsing (and so without recursion). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** 16 or more digits in a row (a dot between them allowed): possibly a number a double cannot hold. */
const LONG_NUMBER = /(?:\d\.?){16,}/;

export function registerInputLimits(app: FastifyInstance, sendErrors: SendErrors): void {
  // A callback hook (no promise per request). The refusal goes to the route's error handler, so
  // /graphql tells it in GraphQL's shape and every other route as the REST error document.
  app.addHook('onRequest', (req, _reply, done) => {
    const q = req.url.indexOf('?');
    if (q >= 0 && req.url.length - q - 1 > MAX_QUERY_BYTES) return done(apiError('URI_TOO_LONG', { max: MAX_QUERY_BYTES }));
    done();
  });
  // Deeply nested JSON parses fine but overflows the stack of whatever walks it later
  // (JSON.stringify, validation), so it is refused before parsing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined); // an empty body is no body (DESIGN §3)
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) {
      return done(apiError('TOO_DEEP', { max: MAX_JSON_DEPTH }), undefined);
    }
    // Exact decimals (DESIGN §3): a number with more digits than a double holds (a rate of
    // 9007199254740993) keeps its text, which the decimal fields take as is. The secure parse runs
    // first, so its prototype-poisoning checks still apply.
    return parseJson(req, body as string, (err, value) => (err || !LONG_NUMBER.test(body as string)
      ? done(err, value) : done(null, parseLossless(body as string, null, (n) => (isSafeNumber(n) ? Number(n) : n)))));
  });
}
