// Builds the model registry from the SDL directives (see schema/common.graphql for their meaning).
import {
  Kind,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type DocumentNode,
  type EnumTypeDefinitionNode,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
  type TypeNode,
} from 'graphql';
import { camelCase, connectionNode, EVENT_RESOURCE_ENUM, enumGqlValue, enumRestValue, snakeCase } from './names.js';
import type {
  Constraints, EnumValueDef, FieldDef, FieldKind, HandlerDecl, HttpMethod, LinkDef, Owner, RelDef, Registry, ResourceDef,
} from './types.js';
import { loadSourceDocument } from './sdl.js';

const SCALAR_KINDS: Record<string, FieldKind> = {
  String: 'string', ID: 'string', Int: 'int', Float: 'decimal', Decimal: 'decimal', Boolean: 'boolean',
  DateTime: 'datetime', Date: 'date', JSON: 'json',
};

type Args = Record<string, unknown>;

function directive(node: { directives?: readonly ConstDirectiveNode[] }, name: string): Args | undefined {
  const d = node.directives?.find((x) => x.name.value === name);
  if (!d) return undefined;
  const out: Args = {};
  for (const a of d.arguments ?? []) out[a.name.value] = valueFromASTUntyped(a.value);
  return out;
}

function directives(node: { directives?: readonly ConstDirectiveNode[] }, name: string): Args[] {
  return (node.directives ?? [])
    .filter((x) => x.name.value === name)
    .map((d) => Object.fromEntries((d.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value)])));
}

function unwrap(type: TypeNode): { name: string; list: boolean; nonNull: boolean } {
  let t = type;
  let list = false;
  const nonNull = t.kind === Kind.NON_NULL_TYPE;
  while (t.kind !== Kind.NAMED_TYPE) {
    if (t.kind === Kind.LIST_TYPE) list = true;
    t = t.type;
  }
  return { name: t.name.value, list, nonNull };
}

function parseEquality(expr: string, what: string): { field: string; value: string } {
  const m = /^\s*([a-z_][a-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(expr);
  if (!m) throw new Error(`${what}: expected "<name> = <value>", got "${expr}"`);
  return { field: m[1], value: m[2] };
}

function readConstraints(field: FieldDefinitionNode): Constraints {
  const c = directive(field, 'constraint') ?? {};
  const out: Constraints = { ...(c as Constraints) };
  if (typeof c.requiredWhen === 'string') out.requiredWhen = parseEquality(c.requiredWhen, 'requiredWhen');
  return out;
}

function readEnum(node: EnumTypeDefinitionNode): EnumValueDef[] {
  return (node.values ?? []).map((v) => ({
    gql: v.name.value,
    rest: (directive(v, 'value')?.rest as string | undefined) ?? enumRestValue(v.name.value),
    description: v.description?.value,
  }));
}

/**
 * The EventResource enum's values: one per resource declaring `@events`. The SDL declares the enum
 * without values (its description only), so the list cannot be written twice.
 */
function eventResourceValues(objects: ObjectTypeDefinitionNode[], declared: EnumValueDef[] | undefined): EnumValueDef[] {
  if (declared?.length) throw new Error(`enum ${EVENT_RESOURCE_ENUM}: its values come from @events; declare it without values`);
  return objects.filter((o) => directive(o, 'events')).map((o) => {
    const rest = directive(o, 'resource')!.name as string;
    return { gql: enumGqlValue(rest), rest, description: directive(o, 'events')!.doc as string | undefined };
  });
}

function readHandlers(obj: ObjectTypeDefinitionNode): HandlerDecl {
  const h = directive(obj, 'handlers') ?? {};
  return {
    create: (h.create as boolean | undefined) ?? false,
    update: (h.update as boolean | undefined) ?? false,
    collection: (h.collection as HttpMethod[] | undefined) ?? [],
  };
}

export function buildRegistry(doc: DocumentNode = loadSourceDocument()): Registry {
  const enums = new Map<string, EnumValueDef[]>();
  const objects: ObjectTypeDefinitionNode[] = [];
  for (const def of doc.definitions) {
    if (def.kind === Kind.ENUM_TYPE_DEFINITION) enums.set(def.name.value, readEnum(def));
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION && directive(def, 'resource')) objects.push(def);
  }
  enums.set(EVENT_RESOURCE_ENUM, eventResourceValues(objects, enums.get(EVENT_RESOURCE_ENUM)));
  const resourceTypeNames = new Set(objects.map((o) => o.name.value));
  const typeToResource = new Map(objects.map((o) => [o.name.value, directive(o, 'resource')!.name as string]));

  const resources = objects.map((obj): ResourceDef => {
    const r = directive(obj, 'resource')!;
    const fields: FieldDef[] = [];
    const rels: RelDef[] = [];
    for (const f of obj.fields ?? []) {
      const gqlName = f.name.value;
      if (gqlName === 'id' || gqlName === 'href') continue;
      const t = unwrap(f.type);
      const rel = directive(f, 'rel');
      if (rel) {
        const node = connectionNode(t.name);
        const many = node !== undefined;
        const targetType = node ?? t.name;
        const target = typeToResource.get(targetType);
        if (!target) throw new Error(`${obj.name.value}.${gqlName}: ${targetType} is not a resource`);
        rels.push({
          name: rel.name as string,
          gqlName,
          kind: many ? 'many' : 'one',
          target,
          fk: rel.fk as string | undefined,
          via: rel.via as string | undefined,
          where: typeof rel.where === 'string'
            ? (({ field, value }) => ({ column: field, value }))(parseEquality(rel.where, 'where'))
            : undefined,
          zoom: (rel.zoom as boolean | undefined) ?? false,
          embed: (rel.embed as boolean | undefined) ?? false,
          methods: (rel.methods as HttpMethod[] | undefined) ?? ['GET'],
          title: rel.title as string | undefined,
          frozenWithParent: (rel.frozenWithParent as boolean | undefined) ?? false,
          topLevel: (rel.topLevel as boolean | undefined) ?? false,
        });
        if (many && !rel.via) throw new Error(`${obj.name.value}.${gqlName}: a collection rel needs via`);
        if (!many && !rel.fk) throw new Error(`${obj.name.value}.${gqlName}: a to-one rel needs fk`);
        if (rel.topLevel && (!many || obj.name.value !== 'Store')) throw new Error(`${obj.name.value}.${gqlName}: topLevel is for the store's collections`);
        continue;
      }
      if (resourceTypeNames.has(t.name)) throw new Error(`${obj.name.value}.${gqlName}: object field without @rel`);
      const enumValues = enums.get(t.name);
      const kind: FieldKind | undefined = enumValues ? 'enum' : SCALAR_KINDS[t.name];
      if (!kind) throw new Error(`${obj.name.value}.${gqlName}: unsupported type ${t.name}`);
      const name = snakeCase(gqlName);
      const writeOnly = !!directive(f, 'writeOnly');
      const ref = directive(f, 'ref')?.rel as string | undefined;
      const derived = !!directive(f, 'derived');
      fields.push({
        name,
        gqlName,
        column: writeOnly || ref || derived ? null : ((directive(f, 'column')?.name as string | undefined) ?? name),
        kind,
        list: t.list,
        gqlType: t.name,
        enumValues,
        constraints: readConstraints(f),
        readOnly: !!directive(f, 'readOnly'),
        writeOnce: !!directive(f, 'writeOnce'),
        writeOnly,
        derived,
        ...(directive(f, 'bit') && kind === 'boolean' ? { bit: true } : {}),
        ...(t.nonNull && !t.list ? { nonNull: true } : {}),
        default: directive(f, 'default')?.value as string | undefined,
        ref,
        description: f.description?.value,
      });
    }
    const links: LinkDef[] = directives(obj, 'link').map((l) => ({
      rel: l.rel as string,
      href: l.href as string,
      methods: (l.methods as HttpMethod[] | undefined) ?? ['GET'],
      when: l.when as string | undefined,
      title: l.title as string | undefined,
    }));
    const collection = r.collection as string;
    return {
      name: r.name as string,
      typeName: obj.name.value,
      collection,
      table: collection,
      path: (r.path as string | undefined) ?? `/${collection}`,
      owner: ((r.owner as Owner | undefined) ?? 'STORE'),
      scopes: {
        read: (r.read as string[] | undefined) ?? [],
        write: (r.write as string[] | undefined) ?? [],
        resend: (r.resend as string[] | undefined) ?? [],
      },
      methods: (r.methods as HttpMethod[] | undefined) ?? ['GET', 'PATCH', 'PUT', 'DELETE'],
      title: (r.title as string | undefined) ?? (r.name as string).replace(/_/g, ' '),
      audit: (r.audit as boolean | undefined) ?? false,
      description: obj.description?.value,
      fields,
      fieldsByName: new Map(fields.map((f) => [f.name, f])),
      fieldsByGql: new Map(fields.map((f) => [f.gqlName, f])),
      rels,
      relsByName: new Map(rels.map((x) => [x.name, x])),
      links,
      events: (directive(obj, 'events')?.names as string[] | undefined) ?? [],
      eventsDoc: directive(obj, 'events')?.doc as string | undefined,
      handlers: readHandlers(obj),
      uploads: directives(obj, 'upload').map((u) => u.field as string),
    };
  });
  return assemble(resources);
}

function assemble(resources: ResourceDef[]): Registry {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const relNames: Registry['relNames'] = new Map();
  for (const r of resources) {
    for (const rel of r.rels) if (!relNames.has(rel.name)) relNames.set(rel.name, { resource: r, rel });
    for (const link of r.links) if (!relNames.has(link.rel)) relNames.set(link.rel, { resource: r, link });
    for (const f of r.fields) {
      if (f.ref && !r.relsByName.has(f.ref)) throw new Error(`${r.name}.${f.name}: @ref names unknown rel ${f.ref}`);
    }
    // A to-one link may not promise a method its target refuses (a client would get 405).
    for (const rel of r.rels) {
      const target = byName.get(rel.target);
      const refused = rel.kind === 'one' && target ? rel.methods.filter((m) => !target.methods.includes(m)) : [];
      if (refused.length) throw new Error(`${r.name}.${rel.name}: @rel methods ${refused.join(', ')} are refused by ${rel.target}`);
    }
  }
  return {
    resources,
    byName,
    byType: new Map(resources.map((r) => [r.typeName, r])),
    byCollection: new Map(resources.map((r) => [r.collection, r])),
    relNames,
    eventResources: resources.filter((r) => r.events.length),
    resource<N extends string>(name: N) {
      const r = byName.get(name);
      if (!r) throw new Error(`unknown resource ${name}`);
      return r as ResourceDef & { name: N };
    },
  };
}

export { camelCase };
