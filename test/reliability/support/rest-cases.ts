// Generated REST requests: every route the registry generates (member and to-many collection
// paths) plus the hand-written ones, each with hostile paths, query strings, headers and bodies in
// every content type the service reads (and some it does not).
import fc from 'fast-check';
import type { Registry } from '../../../src/model/types.js';
import { brokenJson, deepJson, headerText, hostileString, hostileValue, oddObject, plausibleObject } from './hostile.js';

export interface Target {
  /** Path with `{id}` where an id goes. */
  template: string;
  /** The resource whose id fills `{id}` (for a real row), and whose properties a body uses. */
  idOf?: string;
  bodyOf?: string;
}

export interface RestCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function targets(registry: Registry): Target[] {
  const out: Target[] = [];
  for (const r of registry.resources) {
    out.push({ template: `${r.path}/{id}`, idOf: r.name, bodyOf: r.name });
    for (const rel of r.rels) if (rel.kind === 'many') out.push({ template: `${r.path}/{id}/${rel.name}`, idOf: r.name, bodyOf: rel.target });
  }
  out.push(
    { template: '/' }, { template: '/clients', bodyOf: 'client' }, { template: '/users', bodyOf: 'user' }, { template: '/token' },
    { template: '/revoke' }, { template: '/introspect' }, { template: '/graphql' }, { template: '/authorize' }, { template: '/login' },
    { template: '/reporting' }, { template: '/reporting/email_exists' }, { template: '/native_integrations', bodyOf: 'native_integration' },
    { template: '/carts/{id}/checkout', idOf: 'cart' }, { template: '/transactions/{id}/capture', idOf: 'transaction' },
    { template: '/transactions/{id}/refund', idOf: 'transaction' }, { template: '/transactions/{id}/send_webhooks', idOf: 'transaction' },
    { template: '/webhooks/{id}/resend', idOf: 'webhook' }, { template: '/downloadables/{id}/file', idOf: 'downloadable' },
    { template: '/rels/{id}' }, { template: '/admin' }, { template: '/healthz' }, { template: '/metrics' },
  );
  return out;
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
function enc(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const RESERVED = ['zoom', 'fields', 'order', 'limit', 'offset'];
const OPERATORS = ['', ':not', ':in', ':isdefined', ':greaterthan', ':greaterthanorequal', ':lessthan', ':lessthanorequal', ':like', ':bogus', ':', '::'];

function queryString(registry: Registry, resource?: string): fc.Arbitrary<string> {
  const r = resource ? registry.byName.get(resource) : undefined;
  const names = [...(r?.fields.map((f) => f.name) ?? []), ...(r?.rels.map((x) => x.name) ?? []), 'unknown_field', 'attributes:name[color]', 'items:name', 'a:b:c', 'zoom[]', '__proto__'];
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 2000),
    fc.constantFrom('-1', '0', '301', '1e3', '2.5', 'desc', 'name desc,date_created asc', 'x asc desc', 'items:item_options:attributes', '*', 'a..b', '..', '1..', '*a*b*', 'true', 'maybe', ',,,', 'id', 'store'),
  );
  const param = fc.oneof(
    fc.tuple(fc.constantFrom(...RESERVED), value),
    fc.tuple(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...OPERATORS)).map(([n, o]) => n + o), value),
  );
  const encoded = fc.array(param, { maxLength: 6 }).map((ps) => ps.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
  const raw = fc.constantFrom('%', '%zz', '%00', 'a=%E0%A4%A', '&&&', '===', 'limit', 'limit=&limit=5&limit=x', 'zoom=a&zoom=b', 'fields=' + 'a,'.repeat(500), '?', '#frag', ';limit=1');
  return fc.oneof({ arbitrary: encoded, weight: 5 }, { arbitrary: raw, weight: 1 }, { arbitrary: fc.constant(''), weight: 2 });
}

const idSegment = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '00001', '9007199254740993', '99999999999999999999', 'abc', '%00', '%2e%2e', '..%2f..%2f', '%F0%9F%98%80', 'null', '' + 'x'.repeat(250), '%'),
  fc.integer({ min: 1, max: 1_000_000 }).map(String),
);

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/x-www-form-urlencoded',
  'application/xml', 'text/xml', 'application/hal+xml', 'multipart/form-data; boundary=XyZ', 'multipart/form-data', 'text/plain',
  'application/octet-stream', 'application/hal+json', 'application/graphql', 'application/jsonx', 'text/html', ';;;', '',
];

const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function xmlOf(o: Record<string, unknown>): string {
  const esc = (s: string) => s.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const inner = Object.entries(o).map(([k, v]) => {
    const tag = /^[A-Za-z_][\w.-]*$/.test(k) ? k : 'x';
    return `<${tag}>${esc(text(v))}</${tag}>`;
  }).join('');
  return `<?xml version="1.0"?><resource>${inner}</resource>`;
}

function formOf(o: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) p.append(k, text(v));
  return p.toString();
}

function multipartOf(o: Record<string, unknown>): string {
  const parts = Object.entries(o).map(([k, v]) => `--XyZ\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${text(v)}\r\n`);
  return `${parts.join('')}--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../evil.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n`;
}

function body(registry: Registry, resource?: string): fc.Arbitrary<{ text: string; type: string }> {
  const names = resource ? (registry.byName.get(resource)?.fields.map((f) => f.name) ?? []) : ['grant_type', 'client_id', 'client_secret', 'refresh_token', 'scope', 'code', 'redirect_uri', 'query', 'variables', 'email', 'password', 'csrf', 'token'];
  const def = resource ? registry.byName.get(resource) : undefined;
  const obj = def ? fc.oneof({ arbitrary: oddObject(names), weight: 1 }, { arbitrary: plausibleObject(def), weight: 2 }) : oddObject(names);
  const type = fc.oneof({ arbitrary: fc.constant('application/json'), weight: 3 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 });
  return fc.oneof(
    { arbitrary: fc.tuple(obj, type).map(([o, t]) => ({ type: t, text: /xml/.test(t) ? xmlOf(o) : /urlencoded/.test(t) ? formOf(o) : /multipart/.test(t) ? multipartOf(o) : JSON.stringify(o) })), weight: 160 },
    { arbitrary: fc.tuple(hostileValue, type).map(([v, t]) => ({ type: t, text: JSON.stringify(v) ?? 'null' })), weight: 40 },
    { arbitrary: deepJson.map((text) => ({ type: 'application/json', text })), weight: 20 },
    { arbitrary: fc.tuple(brokenJson, type).map(([text, t]) => ({ type: t, text })), weight: 40 },
    { arbitrary: fc.constantFrom('<resource><a>1</a>', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><resource><name>&c;</name></resource>', '<resource><resource><resource/></resource></resource>', '<a xmlns:x="y"><x:b/></a>', '<resource><name>1</name><name>2</name></resource>', '').map((text) => ({ type: 'application/xml', text })), weight: 20 },
    { arbitrary: fc.constant({ type: 'application/json', text: `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}` }), weight: 1 },
  );
}

export interface Tokens {
  store: string;
  user: string;
  client: string;
}

function authorization(tokens: Tokens): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(`Bearer ${tokens.store}`), weight: 12 },
    { arbitrary: fc.constantFrom(`Bearer ${tokens.user}`, `Bearer ${tokens.client}`), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 2 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Basic', 'Basic !!!', 'Basic Og==', 'Digest x', `Bearer ${tokens.store}x`, `Bearer ${tokens.store.slice(0, -3)}`,
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Bearer a.b.c', `Bearer ${'a'.repeat(8000)}`),
        headerText.map((s) => `Bearer ${s}`),
        headerText,
      ),
      weight: 2,
    },
  );
}

const accept = fc.oneof(
  { arbitrary: fc.constantFrom('application/hal+json', 'application/hal+xml', 'application/vnd.siren+json', 'text/html', '*/*', 'application/json'), weight: 10 },
  { arbitrary: fc.constantFrom('', 'image/png', 'application/*;q=0', '*/*;q=abc', 'text/html;level=1;q=0.5, */*;q=0.1', ';', ',,,', 'application/hal+json;q=1.5'), weight: 2 },
  { arbitrary: headerText, weight: 1 },
);

/** `a` in `percent` % of the cases, absent otherwise. */
function sometimes<T>(a: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: a, weight: percent }, { arbitrary: fc.constant(undefined), weight: 100 - percent });
}

export function restCase(registry: Registry, ids: Map<string, number>, tokens: Tokens): fc.Arbitrary<RestCase> {
  const all = targets(registry);
  return fc.constantFrom(...all).chain((t) => fc.record({
    method: fc.constantFrom(...METHODS),
    id: fc.oneof({ arbitrary: fc.constant(t.idOf ? ids.get(t.idOf) : undefined).map((i) => (i === undefined ? '1' : String(i))), weight: 6 }, { arbitrary: idSegment, weight: 1 }),
    query: queryString(registry, t.bodyOf),
    body: sometimes(body(registry, t.bodyOf), 85),
    auth: authorization(tokens),
    accept: sometimes(accept, 50),
    version: fc.oneof({ arbitrary: fc.constant('1'), weight: 8 }, { arbitrary: fc.constantFrom('2', '0', '', ' 1', '1.0', 'v1', '1,1'), weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 }),
    idempotencyKey: sometimes(fc.oneof(headerText, fc.constantFrom('', 'k'.repeat(256), 'same-key')), 15),
    ifMatch: sometimes(fc.oneof(headerText, fc.constantFrom('*', 'W/"x"', '"x", "y"', '""', ',')), 15),
    override: sometimes(fc.constantFrom('PATCH', 'PUT', 'DELETE', 'GET', 'TRACE', 'patch', ''), 10),
    // Half the cases are hostile in one respect only, so they get past the other checks and reach
    // validation, the services and the database; the rest are hostile everywhere at once.
    focus: fc.constantFrom('everything', 'everything', 'body', 'body', 'query', 'headers'),
    extra: sometimes(fc.dictionary(fc.constantFrom('x-forwarded-for', 'origin', 'cookie', 'content-encoding', 'transfer-encoding-x', 'if-none-match', 'range', 'x-request-id', 'expect'), headerText, { maxKeys: 3 }), 15),
  }).map((generated): RestCase => {
    const c = { ...generated };
    if (c.focus !== 'everything') {
      if (c.focus !== 'query') c.query = '';
      if (c.focus !== 'headers') Object.assign(c, { auth: `Bearer ${tokens.store}`, accept: undefined, version: '1', idempotencyKey: undefined, ifMatch: undefined, override: undefined, extra: undefined });
      if (c.focus !== 'body' && c.body?.type !== 'application/json') c.body = undefined;
    }
    // DELETE aims at random ids so the fixture rows survive for the other cases.
    const id = c.method === 'DELETE' && c.id === String(ids.get(t.idOf ?? '')) ? String(900_000 + (c.id.length % 7)) : c.id;
    const path = t.template.replace('{id}', id);
    const headers: Record<string, string> = { ...c.extra };
    if (c.auth !== undefined) headers.authorization = c.auth;
    if (c.accept !== undefined) headers.accept = c.accept;
    if (c.version !== undefined) headers['service-api-version'] = c.version;
    if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
    if (c.ifMatch !== undefined) headers['if-match'] = c.ifMatch;
    if (c.override !== undefined) headers['x-http-method-override'] = c.override;
    if (c.body && c.body.type) headers['content-type'] = c.body.type;
    const withBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD';
    return {
      method: c.method, url: c.query ? `${path}?${c.query}` : path, headers, payload: withBody ? c.body!.text : undefined,
      label: `${c.method} ${t.template}`,
    };
  }));
}
