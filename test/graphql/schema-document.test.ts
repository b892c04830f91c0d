// The GraphQL schema is built at start without checking the SDL's rules (src/graphql/schema.ts:
// `assumeValidSDL`, a tenth of a cold start): the document is the same for every start of a build,
// so it is checked here, the derived parts included, and the built schema validated as a whole.
import { buildASTSchema, Kind, parse, validateSchema, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { buildSchema, typeDefs } from '../../src/graphql/schema.js';
import { loadSourceDocument } from '../../src/model/sdl.js';

const registry = buildRegistry();

describe('the schema document the service starts from', () => {
  it('keeps every rule of the SDL, its derived types and root fields included', () => {
    expect(() => buildASTSchema(typeDefs(registry))).not.toThrow();
    expect(validateSchema(buildSchema(registry, 'http://localhost')).map((e) => e.message)).toEqual([]);
  });

  it('is what the check above would refuse, were a rule broken', () => {
    const broken: DocumentNode = { ...typeDefs(registry), definitions: [...typeDefs(registry).definitions, ...parse('extend type Query { lost: NoSuchType }').definitions] };
    expect(() => buildASTSchema(broken)).toThrow(/Unknown type "NoSuchType"/);
  });

  it('is parsed once, and neither the registry nor the schema changes it', () => {
    const doc = loadSourceDocument();
    const before = JSON.stringify(doc);
    buildSchema(buildRegistry(doc), 'http://localhost');
    expect(loadSourceDocument()).toBe(doc);
    expect(JSON.stringify(doc)).toBe(before);
    expect(doc.definitions.some((d) => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === 'Store')).toBe(true);
  });
});
