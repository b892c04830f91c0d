// The model registry's types: what the SDL directives declare, in the REST (snake_case) spelling,
// with the GraphQL spelling alongside.

export type Owner = 'STORE' | 'USER' | 'CLIENT' | 'GLOBAL' | 'PARENT';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
export type FieldKind = 'string' | 'int' | 'decimal' | 'boolean' | 'datetime' | 'date' | 'json' | 'enum';
export type Format = 'URL' | 'EMAIL' | 'DATE' | 'COUNTRY' | 'JSON' | 'FREQUENCY' | 'UNIX_TIMESTAMP';

export interface EnumValueDef {
  gql: string;
  rest: string;
  description?: string;
}

export interface Constraints {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  min?: string;
  max?: string;
  gt?: string;
  format?: Format;
  oneOf?: string[];
  requiredWhen?: { field: string; value: string };
  future?: boolean;
  unique?: boolean;
  caseInsensitive?: boolean;
}

/**
 * The values an `Int` of the SDL can hold (GraphQL's Int is a signed 32-bit integer): a stored
 * integer past them could be written through REST but not read through GraphQL, where it is an error.
 */
export const INT_RANGE = { min: -2147483648, max: 2147483647 } as const;

export interface FieldDef {
  /** REST name, snake_case. */
  name: string;
  gqlName: string;
  /** SQL column; null when the value is not stored as a column (write-only secrets). */
  column: string | null;
  kind: FieldKind;
  list: boolean;
  /** The GraphQL type name of the value (String, Decimal, TaxType, ...). */
  gqlType: string;
  enumValues?: EnumValueDef[];
  constraints: Constraints;
  readOnly: boolean;
  writeOnce: boolean;
  writeOnly: boolean;
  /** Computed when read by the resource module's `derive` rule; never a column. */
  derived: boolean;
  default?: string;
  /** For URI properties: the to-one rel whose foreign key they set. */
  ref?: string;
  /** A Boolean the REST representations write as 1 or 0 (`@bit`). */
  bit?: boolean;
  /**
   * Non-null in the SDL (`Int!`) and stored in a NOT NULL column (test/model/registry-columns.test.ts
   * holds every such field to it): a sort on it needs no NULLS clause (data/compile.ts, orderSql).
   */
  nonNull?: boolean;
  description?: string;
}

/**
 * A unique value that is unique, and found, without regard to ASCII case (`@constraint(caseInsensitive)`):
 * an e-mail address names one mailbox whatever the case of its letters (RFC 5321 leaves the local
 * part's case to the mail host; every host a store meets ignores it), and a domain name one host.
 * Stored as written.
 */
export function foldsCase(f: Pick<FieldDef, 'constraints'>): boolean {
  return f.constraints.caseInsensitive === true;
}

export interface RelDef {
  /** Link relation without the `svc:` prefix. */
  name: string;
  gqlName: string;
  kind: 'one' | 'many';
  /** Resource name of the target. */
  target: string;
  /** To-one: column of this resource holding the target's id. */
  fk?: string;
  /** To-many: column of the target pointing back to this resource. */
  via?: string;
  /** To-many, polymorphic: extra equality on the target. */
  where?: { column: string; value: string };
  zoom: boolean;
  embed: boolean;
  methods: HttpMethod[];
  title?: string;
  /** Children that may not change while their parent may not (an item of a transaction's options). */
  frozenWithParent: boolean;
  /** A store collection the spec also addresses at `{base}/<name>`, for the token's store. */
  topLevel: boolean;
}

export interface LinkDef {
  rel: string;
  href: string;
  methods: HttpMethod[];
  when?: string;
  title?: string;
}

export interface ResourceDef {
  name: string;
  typeName: string;
  collection: string;
  table: string;
  /** Path prefix of members: `/taxes`. */
  path: string;
  owner: Owner;
  scopes: { read: string[]; write: string[]; resend: string[] };
  methods: HttpMethod[];
  title: string;
  /** Store configuration: writes are recorded in the changelog. */
  audit: boolean;
  description?: string;
  fields: FieldDef[];
  fieldsByName: Map<string, FieldDef>;
  fieldsByGql: Map<string, FieldDef>;
  rels: RelDef[];
  relsByName: Map<string, RelDef>;
  links: LinkDef[];
  /** Event names it announces (`@events`); empty when its changes are no events. */
  events: string[];
  /** Description of its EventResource enum value. */
  eventsDoc?: string;
  /** Writes answered by a handler of its own (`@handlers`). */
  handlers: HandlerDecl;
  /** Multipart parts that carry its files (`@upload`). */
  uploads: string[];
}

export interface HandlerDecl {
  create: boolean;
  update: boolean;
  collection: HttpMethod[];
}

export interface Registry {
  resources: ResourceDef[];
  byName: Map<string, ResourceDef>;
  byType: Map<string, ResourceDef>;
  byCollection: Map<string, ResourceDef>;
  /** Every rel name in use, with one resource that declares it (for /rels pages). */
  relNames: Map<string, { resource: ResourceDef; rel?: RelDef; link?: LinkDef }>;
  /** The resource of this name; a literal name types its rows (src/data/codec.ts RowOf). */
  resource<N extends string>(name: N): ResourceDef & { name: N };
  /** Resources that announce events, in declaration order. */
  eventResources: ResourceDef[];
}
