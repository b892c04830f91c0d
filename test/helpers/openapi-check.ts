// Holds answers of the REST facade to the generated OpenAPI description: the path and method must be
// described, the status must have a response (or `default`), the media type must be one it lists,
// and JSON bodies must match its schema (ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses). Applied to
// every answer of the `call` helper, so the whole suite checks the description as it runs.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { buildRegistry } from '../../src/model/registry.js';
import { buildOpenApi } from '../../src/openapi/document.js';
import { BASE } from './app.js';

type Json = Record<string, any>;

interface Route { template: string; regex: RegExp; literal: number; item: Json }

interface State { doc: Json; ajv: Ajv2020; routes: Route[]; compiled: Map<string, ValidateFunction> }

/** One description per curie name an app answers with (CURIE_NAME), as each app serves its own. */
const states = new Map<string, State>();

function load(curieName = 'svc'): State {
  let state = states.get(curieName);
  if (state) return state;
  const doc = buildOpenApi(buildRegistry(), BASE, { curieName }) as Json;
  // Formats and unknown keywords (externalDocs, xml, contentMediaType) are annotations here.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, 'openapi.json');
  const routes = Object.entries(doc.paths as Json).map(([template, item]) => {
    const parts = template.split('/');
    const regex = new RegExp(`^${parts.map((p) => (/^\{.+\}$/.test(p) ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
    return { template, regex, literal: parts.filter((p) => !p.startsWith('{')).length, item: item as Json };
  }).sort((a, b) => b.literal - a.literal);
  state = { doc, ajv, routes, compiled: new Map() };
  states.set(curieName, state);
  return state;
}

function deref(doc: Json, node: Json): Json {
  let n = node;
  while (n && typeof n.$ref === 'string') {
    n = n.$ref.slice(2).split('/').reduce((o: Json, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return n;
}

/** The problems of one answer against the description, empty when it matches. */
export function describedProblems(method: string, url: string, res: LightMyRequestResponse): string[] {
  // The curie a HAL answer declares names the description it is held to.
  const curie = /"curies":\[\{"name":"([^"]+)"/.exec(res.body.slice(0, 400))?.[1];
  const { doc, ajv, routes, compiled } = load(curie);
  // Links are absolute, under whatever base URL the app runs with.
  const path = new URL(url, BASE).pathname;
  const route = routes.find((r) => r.regex.test(path));
  const m = method.toLowerCase();
  const status = res.statusCode;
  const op = route?.item[m] as Json | undefined;
  let responses: Json;
  // OPTIONS is HTTP's own question ("which methods?"), answered alike on any path the description has.
  if (!op && m === 'options' && route && status < 300 && res.rawPayload.length === 0) return [];
  if (!op) {
    // Undescribed paths and methods may only fail, in the error body (404, 405).
    if (status < 400) return [`${method} ${path} answered ${status} but is not described`];
    responses = { default: { $ref: '#/components/responses/Error' } };
  } else responses = op.responses;
  const where = op ? `${method} ${route!.template} → ${status}` : `${method} ${path} (undescribed) → ${status}`;
  const described = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!described) return [`${where}: status not described`];
  const response = deref(doc, described);
  const body = res.rawPayload;
  if (m === 'head' || status === 204 || status === 304 || body.length === 0) {
    return body.length && m !== 'head' && !response.content ? [`${where}: body where none is described`] : [];
  }
  const type = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const content = response.content as Json | undefined;
  if (!content) return [`${where}: a ${type} body where none is described`];
  const media = content[type] ?? content['*/*'];
  if (!media) return [`${where}: ${type} is not among ${Object.keys(content).join(', ')}`];
  if (!/json$/.test(type)) return [];
  const schemaKey = JSON.stringify(media.schema);
  let validate = compiled.get(schemaKey);
  if (!validate) {
    // Rewrite local refs to the registered document, so the inline schema resolves them.
    const rewritten = JSON.parse(schemaKey.replace(/"#\/components\//g, '"openapi.json#/components/'));
    validate = ajv.compile(rewritten);
    compiled.set(schemaKey, validate);
  }
  let parsed: unknown;
  try { parsed = JSON.parse(res.body); } catch { return [`${where}: ${type} body is not JSON`]; }
  if (validate(parsed)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${where}: ${type} ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Throws when an answer does not match its description. */
export function assertDescribed(method: string, url: string, res: LightMyRequestResponse): void {
  const problems = describedProblems(method, url, res);
  if (problems.length) {
    throw new Error(`The answer does not match /openapi.json:\n  ${problems.join('\n  ')}\n  body: ${res.body.slice(0, 600)}`);
  }
}

/** The document the checks use (for tests that inspect it). */
export function describedDocument(): Json {
  return load().doc;
}
