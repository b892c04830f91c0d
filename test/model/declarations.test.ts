// What the SDL declares once (issue 14, item 4) is what the code uses: the resources that announce
// events (@events) are the webhook event_resource values, the EventResource enum and the EventSubject
// union; the special write handlers (@handlers) are exactly the functions the REST facade has; the
// upload parts (@upload) are what OpenAPI documents; and the GraphQL root fields the derivation names
// are the ones the resolvers register (one naming function, src/model/names.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEnumType, isUnionType, parse } from 'graphql';
import { buildRegistry } from '../../src/model/registry.js';
import { loadSourceSdl } from '../../src/model/sdl.js';
import { gqlNames } from '../../src/model/names.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { mutationResolvers } from '../../src/graphql/mutation-resolvers.js';
import { queryResolvers } from '../../src/graphql/query-resolvers.js';
import { handlerMismatches, RESOURCE_HANDLERS } from '../../src/rest/resource-handlers.js';
import { takesUpload } from '../../src/openapi/resource-paths.js';
import { resourceRules } from '../../src/resources/index.js';

const registry = buildRegistry();
const schema = buildSchema(registry, 'http://localhost');
const withSdl = (edit: (sdl: string) => string) => buildRegistry(parse(edit(loadSourceSdl())));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? (e.name === '__generated__' ? [] : sourceFiles(p)) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('@events: one declaration of which resources announce which events', () => {
  const announcing = registry.eventResources.map((r) => r.name);

  it('is the set of webhook event_resource values, the EventResource enum and the EventSubject union', () => {
    expect(announcing).toEqual(expect.arrayContaining(['transaction', 'cart', 'customer', 'changelog']));
    const values = registry.resource('webhook').fieldsByName.get('event_resource')!.enumValues!.map((v) => v.rest);
    expect(values).toEqual(announcing);
    const en = schema.getType('EventResource');
    const union = schema.getType('EventSubject');
    if (!isEnumType(en) || !isUnionType(union)) throw new Error('EventResource / EventSubject missing');
    expect(en.getValues().map((v) => v.name.toLowerCase())).toEqual(announcing);
    expect(union.getTypes().map((t) => registry.byType.get(t.name)?.name)).toEqual(announcing);
    // The value descriptions come from @events(doc:).
    expect(en.getValue('SUBSCRIPTION_MRR_SNAPSHOT')?.description).toBe('Daily MRR data.');
  });

  it('refuses an EventResource enum that lists its values a second time', () => {
    expect(() => withSdl((s) => s.replace(/enum EventResource\n/, 'enum EventResource { CART }\n')))
      .toThrow(/values come from @events/);
  });

  it('declares every `<resource>/<event>` name the code announces', () => {
    const undeclared: string[] = [];
    for (const file of sourceFiles(join(__dirname, '../../src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['`]([a-z_]+)\/([a-z_]+)['`]/g)) {
        const r = registry.byName.get(m[1]);
        if (r?.events.length && !r.events.includes(m[2])) undeclared.push(`${file}: ${m[1]}/${m[2]}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('announces nothing for a resource that declares no @events', () => {
    expect(registry.resource('tax').events).toEqual([]);
    expect(withSdl((s) => s.replace(/\n {2}@events\(names: \["created", "modified", "deleted"\]\)/, '')).resource('cart').events).toEqual([]);
  });
});

describe('@handlers: the special writes are declared, and the REST facade has exactly those', () => {
  it('agrees with src/rest/resource-handlers.ts', () => {
    expect(handlerMismatches(registry)).toEqual([]);
    const declared = registry.resources.filter((r) => r.handlers.create || r.handlers.update || r.handlers.collection.length);
    expect(declared.map((r) => r.name).sort()).toEqual(Object.keys(RESOURCE_HANDLERS).sort());
  });

  it('names a handler that is not declared, and a declared one without a handler', () => {
    const undeclared = withSdl((s) => s.replace('@handlers(create: true) {', '{'));
    expect(handlerMismatches(undeclared)).toEqual(['store: a create handler that @handlers does not declare']);
    const missing = withSdl((s) => s.replace('@handlers(create: true) {', '@handlers(create: true, update: true) {'));
    expect(handlerMismatches(missing)).toEqual(['store: @handlers(update: true) but no update handler']);
    const method = withSdl((s) => s.replace('@handlers(collection: [POST, PATCH, PUT, DELETE])', '@handlers(collection: [POST, PUT, DELETE])'));
    expect(handlerMismatches(method)).toEqual(['attribute: a collection PATCH handler that @handlers does not declare']);
  });
});

describe('resource rules (src/resources/index.ts): one map, of declared resources', () => {
  it('keys every module by a resource of the SDL, and derives exactly where the SDL has @derived fields', () => {
    expect(Object.keys(resourceRules).filter((name) => !registry.byName.has(name))).toEqual([]);
    const deriving = registry.resources.filter((r) => r.fields.some((f) => f.derived)).map((r) => r.name).sort();
    expect(Object.keys(resourceRules).filter((name) => resourceRules[name].derive).sort()).toEqual(deriving);
  });
});

describe('@upload', () => {
  it('marks the downloadable file as its multipart part, and only that', () => {
    expect(registry.resources.filter(takesUpload).map((r) => [r.name, r.uploads])).toEqual([['downloadable', ['file']]]);
  });
});

describe('GraphQL names: one function for the derivation and the resolvers', () => {
  it('gives every root field of the schema a resolver', () => {
    const unresolved = [schema.getQueryType()!, schema.getMutationType()!].flatMap((t) =>
      Object.values(t.getFields()).filter((f) => !f.resolve).map((f) => `${t.name}.${f.name}`));
    expect(unresolved).toEqual([]);
  });

  it('derives exactly the per-resource fields the generic resolvers register', () => {
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    const queries = Object.keys(schema.getQueryType()!.getFields());
    const generic = { mutation: Object.keys(mutationResolvers(registry)), query: Object.keys(queryResolvers(registry)) };
    for (const r of registry.resources) {
      const n = gqlNames(r.typeName);
      for (const name of [n.create, n.update, n.replace, n.delete]) {
        if (mutations.includes(name)) expect(generic.mutation, name).toContain(name);
      }
      expect(queries, n.query).toContain(n.query);
      expect(generic.query).toContain(n.query);
      expect(schema.getType(n.connection), n.connection).toBeDefined();
      expect(schema.getType(n.payload), n.payload).toBeDefined();
    }
    expect(mutations).toEqual(expect.arrayContaining(['createTax', 'updateTax', 'replaceTax', 'deleteTax', 'createDownloadable']));
  });
});

describe('@rel(topLevel): the store collections the spec addresses without a store in the path', () => {
  it('are the declared ones, served at /<name> and described there', async () => {
    const store = registry.resource('store');
    expect(store.rels.filter((r) => r.topLevel).map((r) => r.name)).toEqual(['native_integrations']);
    const { buildOpenApi } = await import('../../src/openapi/document.js');
    const paths = Object.keys((buildOpenApi(registry, 'http://localhost', {}) as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/native_integrations');
  });

  it('is refused on anything but a collection of the store', () => {
    expect(() => withSdl((s) => s.replace(
      '@rel(name: "native_integrations", via: "store_id", methods: [GET, POST], topLevel: true)',
      '@rel(name: "native_integrations", via: "store_id", methods: [GET, POST])',
    ).replace(/(taxes: TaxConnection! @rel\(name: "taxes"[^)]*)\)/, '$1, topLevel: true)'))).not.toThrow();
    expect(() => withSdl((s) => s.replace(/(@rel\(name: "item_category", fk: "item_category_id")/, '$1, topLevel: true')))
      .toThrow(/topLevel is for the store's collections/);
  });
});
