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
