// Structured request logs (pino through Fastify) that never carry a credential: the request id
// binds every line of a request and is the `logref` of its error body and its `x-request-id` header.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, LoggerOptions } from 'pino';

/** Names whose values are secrets wherever they appear: headers, bodies, query strings, log objects. */
const SECRET_NAMES = ['authorization', 'cookie', 'set-cookie', 'client_secret', 'password', 'refresh_token', 'access_token', 'code_verifier', 'encryption_key'];
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_NAMES.join('|')}|code)=)[^&#]*`, 'gi');

/** pino redact paths: the names at the top level, one and two levels down, and in request headers. */
const REDACT_PATHS = [
  ...SECRET_NAMES,
  ...SECRET_NAMES.map((n) => `*.${n}`),
  ...SECRET_NAMES.map((n) => `*.*.${n}`),
  ...SECRET_NAMES.map((n) => `req.headers["${n}"]`),
];

/** The URL as logged: values of secret query parameters replaced. */
/** A staged upload's URL is its own credential (one-time, an hour), so its token is not logged either. */
const UPLOAD_TOKEN = /^(\/uploads\/)[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]').replace(UPLOAD_TOKEN, '$1[redacted]');
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's childLoggerFactory: the request's child logger (bound to its request id) is made on its
 * first log call at an enabled level. Fastify makes one for every request, but at the levels the
 * service runs at (warn) a successful request logs nothing, and making a pino child (bindings
 * serialised and redacted) is a few percent of a small GET. Calls at disabled levels are the
 * parent's no-ops, as on a real child; a route with its own level gets a real child at once.
 */
export function lazyChildLogger(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  if (opts.level !== undefined || typeof (logger as { isLevelEnabled?: unknown }).isLevelEnabled !== 'function') return logger.child(bindings, opts);
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= logger.child(bindings, opts));
  const lazy = Object.create(logger) as FastifyBaseLogger & Record<string, unknown>;
  for (const level of LEVELS) {
    if ((logger as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level)) {
      lazy[level] = (...args: unknown[]) => (child()[level] as (...a: unknown[]) => void)(...args);
    }
  }
  lazy.child = (b: Bindings, o?: ChildLoggerOptions) => child().child(b, o);
  lazy.bindings = () => (child() as unknown as { bindings(): Bindings }).bindings();
  return lazy;
}

export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Anything else logged under `req` passes through (the redact paths still apply to it).
      req: (req: FastifyRequest) => (typeof req?.url === 'string' && typeof req.method === 'string' ? {
        method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      } : req),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Every answer names its request, so a caller can quote it and an operator can find its log lines. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
}
