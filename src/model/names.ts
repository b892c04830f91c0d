// Mechanical name mapping between the REST world (snake_case, lower-case enum values) and the
// GraphQL world (camelCase fields, PascalCase types, UPPER_SNAKE enum values).

export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function pascalCase(name: string): string {
  const c = camelCase(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
}

/** `VENDOR_MINFRAUD` ⇄ `vendor_minfraud`, unless an enum value declares its REST form. */
export function enumRestValue(gqlValue: string): string {
  return gqlValue.toLowerCase();
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The GraphQL names of a resource type's derived fields, in one place for the schema derivation
 * (src/model/derive.ts) and the resolvers that answer them (src/graphql): a field the schema
 * declares under one spelling and a resolver registers under another would silently resolve to null.
 */
export function gqlNames(typeName: string) {
  const key = lowerFirst(typeName);
  return {
    /** Query by id, and the resource's field of its mutation payload. */
    query: key,
    payloadField: key,
    create: `create${typeName}`,
    update: `update${typeName}`,
    replace: `replace${typeName}`,
    delete: `delete${typeName}`,
    connection: `${typeName}${CONNECTION}`,
    edge: `${typeName}Edge`,
    filter: `${typeName}Filter`,
    order: `${typeName}Order`,
    orderField: `${typeName}OrderField`,
    payload: `${typeName}Payload`,
    input: `${typeName}Input`,
    /** The argument of a create mutation that names this type as the parent (`customerId`). */
    parentArg: `${key}Id`,
  };
}

const CONNECTION = 'Connection';

/** The node type of a connection type (`TaxConnection` → `Tax`); undefined for any other type name. */
export function connectionNode(typeName: string): string | undefined {
  return typeName.endsWith(CONNECTION) && typeName.length > CONNECTION.length ? typeName.slice(0, -CONNECTION.length) : undefined;
}

/** The enum of resources that announce events and the union of their types (derived from `@events`). */
export const EVENT_RESOURCE_ENUM = 'EventResource';
export const EVENT_SUBJECT_UNION = 'EventSubject';

/** `subscription_event` ⇄ `SUBSCRIPTION_EVENT`, the enum value of a resource name. */
export function enumGqlValue(restValue: string): string {
  return restValue.toUpperCase();
}
