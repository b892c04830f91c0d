// Custom scalars. Decimal travels as a string so no binary float ever touches money; input may be a
// string or an integer literal, and invalid text is left for the service's validation to report.
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function literal(ast: ValueNode): unknown {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value;
  if (ast.kind === Kind.BOOLEAN) return ast.value;
  if (ast.kind === Kind.NULL) return null;
  return undefined;
}

export const Decimal = new GraphQLScalarType({
  name: 'Decimal',
  serialize: (v) => (v === null || v === undefined ? null : String(v)),
  parseValue: (v) => (typeof v === 'number' ? String(v) : v),
  parseLiteral: literal,
});

const text = (name: string) => new GraphQLScalarType({
  name,
  serialize: (v) => (v === null || v === undefined ? null : String(v)),
  parseValue: (v) => v,
  parseLiteral: literal,
});

export const DateTime = text('DateTime');
export const DateScalar = text('Date');

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: literal,
});
