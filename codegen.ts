// GraphQL Code Generator: resolver types from the printed schema (scripts/print-schema.ts).
// Resource types map to stored rows (Values), so resolvers are typed against what loaders return.
import { readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

const SCHEMA = 'src/graphql/__generated__/schema.graphql';
// Every type implementing Node is a resource whose resolvers receive a stored row.
const resourceTypes = [...readFileSync(SCHEMA, 'utf8').matchAll(/^type (\w+) implements Node/gm)].map((m) => m[1]);
const ROW = 'import("../../data/codec.js").Values';

const config: CodegenConfig = {
  schema: SCHEMA,
  generates: {
    'src/graphql/__generated__/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../context.js#GraphQLContext',
        useIndexSignature: true,
        enumsAsTypes: true,
        scalars: { Decimal: 'string', DateTime: 'string', Date: 'string', JSON: 'unknown', ID: 'string' },
        mappers: {
          ...Object.fromEntries(resourceTypes.map((t) => [t, ROW])),
          Viewer: '{ scopes: string[]; client: unknown; user: unknown; store: unknown }',
        },
        avoidOptionals: false,
        useTypeImports: true,
      },
    },
  },
};

export default config;
