// Compares the resource types of the hosted API's official SDK (@foxy.io/sdk, its Backend Graph
// declarations) with our registry: for every resource both define, the properties only one side
// has and the properties whose types differ. Prints a Markdown table (docs/decisions.md quotes it);
// `compareWithSdk()` is also used by test/sdk/sdk-types.test.ts to keep that list current.
//   npx tsx scripts/sdk-type-diff.ts
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { buildRegistry } from '../src/model/registry.js';
import type { FieldDef, Registry } from '../src/model/types.js';

const GRAPH = fileURLToPath(new URL('../node_modules/@foxy.io/sdk/dist/types/backend/Graph/', import.meta.url));

export interface SdkResource { name: string; props: Map<string, string> }

/** `curie: 'fx:tax'` and the `props: { … }` literal of each Graph interface (collections have no literal). */
export function sdkResources(dir = GRAPH): SdkResource[] {
  const out: SdkResource[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.d.ts'))) {
    const src = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    src.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node)) return;
      let name: string | undefined;
      let props: ts.TypeLiteralNode | undefined;
      for (const m of node.members) {
        if (!ts.isPropertySignature(m) || !m.type) continue;
        const key = m.name.getText(src);
        if (key === 'curie' && ts.isLiteralTypeNode(m.type)) name = m.type.literal.getText(src).replace(/['"]/g, '').replace(/^fx:/, '');
        if (key === 'props' && ts.isTypeLiteralNode(m.type)) props = m.type;
      }
      if (!name || !props) return;
      const map = new Map<string, string>();
      for (const p of props.members) {
        if (ts.isPropertySignature(p) && p.type) map.set(p.name.getText(src).replace(/['"]/g, ''), p.type.getText(src).replace(/\s+/g, ' '));
      }
      out.push({ name, props: map });
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The JSON type our REST facade writes for a field, in the SDK's spelling. */
export function ourType(f: FieldDef): string {
  const base = f.enumValues ? f.enumValues.map((e) => `'${e.rest}'`).join(' | ')
    : f.bit ? '0 | 1'
    : f.kind === 'int' || f.kind === 'decimal' ? 'number'
    : f.kind === 'boolean' ? 'boolean'
    : f.kind === 'json' ? 'unknown'
    : 'string';
  return f.list ? `${base}[]` : base;
}

/** Whether two type texts describe the same JSON values (nullability aside: both sides may write null). */
function sameType(sdk: string, ours: string): boolean {
  const norm = (t: string) => t.split('|').map((s) => s.trim()).filter((s) => s !== 'null' && s !== '').sort().join(' | ');
  const a = norm(sdk);
  const b = norm(ours);
  if (a === b) return true;
  // A date or an URL is a string on the wire; `unknown`/objects are free-form on their side.
  return (a === 'unknown' || b === 'unknown') || (/^Array<.*>$|\[\]$/.test(a) && /\[\]$/.test(b));
}

export interface Difference { resource: string; property: string; sdk: string; ours: string }

export function compareWithSdk(registry: Registry = buildRegistry()): Difference[] {
  const diffs: Difference[] = [];
  for (const s of sdkResources()) {
    const r = registry.byName.get(s.name);
    if (!r) continue;
    const fields = new Map(r.fields.filter((f) => !f.writeOnly).map((f) => [f.name, f]));
    for (const [prop, type] of s.props) {
      const f = fields.get(prop);
      if (!f) diffs.push({ resource: s.name, property: prop, sdk: type, ours: '(absent)' });
      else if (!sameType(type, ourType(f))) diffs.push({ resource: s.name, property: prop, sdk: type, ours: ourType(f) });
    }
    for (const [name, f] of fields) {
      if (!s.props.has(name)) diffs.push({ resource: s.name, property: name, sdk: '(absent)', ours: ourType(f) });
    }
  }
  return diffs;
}

/** The resources both define. */
export function sharedResources(registry: Registry = buildRegistry()): string[] {
  return sdkResources().map((s) => s.name).filter((n) => registry.byName.has(n));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const registry = buildRegistry();
  const diffs = compareWithSdk(registry);
  console.log(`Resources both define: ${sharedResources(registry).join(', ')}.\n`);
  console.log('| resource | only in the SDK | only ours | both, types differ (SDK → ours) |\n|---|---|---|---|');
  for (const name of sharedResources(registry)) {
    const mine = diffs.filter((d) => d.resource === name);
    if (!mine.length) continue;
    const cell = (list: string[]) => list.join(', ').replace(/\|/g, '\\|') || '—';
    console.log(`| ${name} | ${cell(mine.filter((d) => d.ours === '(absent)').map((d) => d.property))} | ${cell(mine.filter((d) => d.sdk === '(absent)').map((d) => d.property))} | ${
      cell(mine.filter((d) => d.ours !== '(absent)' && d.sdk !== '(absent)').map((d) => `${d.property}: \`${d.sdk}\` → \`${d.ours}\``))} |`);
  }
  const same = sharedResources(registry).filter((n) => !diffs.some((d) => d.resource === n));
  console.log(`\nNo difference: ${same.join(', ')}.`);
}
