// The frame of every server-rendered page and the headers that go with it: no script at all, a
// hashed inline stylesheet, no framing, no referrer to other sites (authorization URLs carry state
// and challenges; same-origin keeps the Origin header that form checks rely on),
// never cached. Every value that reaches the HTML goes through esc().
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { esc, safeHref } from '../representations/html.js';

export { esc };

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1.5rem;color:#222}' +
  'form{margin:1rem 0}label{display:block;margin:.5rem 0}input,select{display:block;width:100%;padding:.4rem;box-sizing:border-box}' +
  'button{padding:.5rem 1rem;margin:.5rem .5rem 0 0}.error{color:#a00;font-weight:600}.sandbox{background:#fff3cd;padding:.5rem}' +
  '.client img{max-width:96px;max-height:96px}dl.secret dd{font-family:monospace;word-break:break-all;margin:0 0 .75rem}' +
  'table{border-collapse:collapse}td,th{padding:.25rem .5rem;border-bottom:1px solid #ddd;text-align:left}';

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export interface PageOptions {
  status?: number;
  /** Origins a form on the page may end up at (the client's redirect URI after consent). */
  formTargets?: string[];
  sandbox?: boolean;
}

export function csp(formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    // Client logos are remote images; only https ones are shown.
    "img-src 'self' https:",
    // Chromium applies form-action to the redirect after a submit too, so consent names the client's origin.
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers of every page and every redirect the pages answer. */
export function pageHeaders(reply: FastifyReply, formTargets: string[] = []): FastifyReply {
  return reply.header('content-security-policy', csp(formTargets)).header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store');
}

export function sendPage(reply: FastifyReply, title: string, body: string, opts: PageOptions = {}): FastifyReply {
  const banner = opts.sandbox ? '<p class="sandbox">Sandbox: nothing here is real.</p>' : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>${banner}<h1>${esc(title)}</h1>${body}</body></html>`;
  return pageHeaders(reply, opts.formTargets).code(opts.status ?? 200).type('text/html; charset=utf-8').send(html);
}

/** A hidden input per parameter. */
export function hidden(fields: Record<string, string | undefined>): string {
  return Object.entries(fields).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
}

/** A link to an http(s) URL, or the text alone for anything else (javascript:, data:...). */
export function externalLink(url: unknown, text: unknown): string {
  const href = typeof url === 'string' && /^https?:\/\//i.test(url) ? safeHref(url) : null;
  return href ? `<a href="${esc(href)}" rel="noopener noreferrer">${esc(text)}</a>` : esc(text);
}

export function errorPage(reply: FastifyReply, status: number, message: string, sandbox = false): FastifyReply {
  return sendPage(reply, 'Something is not right', `<p class="error">${esc(message)}</p>`, { status, sandbox });
}
