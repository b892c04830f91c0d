// HAL+JSON: `_links` (with the `svc` curie) and `_embedded` around the properties, written as text:
// a collection page is thousands of objects, and building a second tree of them only to stringify
// it cost more than the rest of the request.
import { curie, HAL_JSON, type Representation, type RenderContext } from './types.js';

function halText(rep: Representation, ctx: RenderContext, top: boolean): string {
  let embedded = '';
  if (rep.embedded.length) {
    // Joined with `+` rather than Array#join: V8 then links the pieces instead of copying them at
    // every level, and the one copy is made when the answer is encoded.
    for (const e of rep.embedded) {
      let value: string;
      if (e.single) value = e.items[0] ? halText(e.items[0], ctx, false) : 'null';
      else {
        value = '[';
        for (let i = 0; i < e.items.length; i++) value += (i ? ',' : '') + halText(e.items[i], ctx, false);
        value += ']';
      }
      embedded += `${embedded ? ',' : ',"_embedded":{'}${JSON.stringify(e.rel)}:${value}`;
    }
    embedded += '}';
  }
  const fast = rep[HAL_JSON]?.(top ? `,"curies":[${JSON.stringify(curie(ctx.baseUrl))}]` : '', embedded);
  if (fast !== undefined) return fast;
  const links: Record<string, unknown> = { self: rep.self };
  if (top) links.curies = [curie(ctx.baseUrl)];
  for (const { rel, link } of rep.links) {
    const existing = links[rel];
    if (existing === undefined) links[rel] = link;
    else links[rel] = Array.isArray(existing) ? [...existing, link] : [existing, link];
  }
  const props = JSON.stringify(rep.properties);
  // `{"a":1}` joins as `,"a":1}`, `{}` as the closing brace alone.
  return `{"_links":${JSON.stringify(links)}${embedded}${props.length > 2 ? `,${props.slice(1)}` : '}'}`;
}

export function renderHalJson(rep: Representation, ctx: RenderContext): string {
  return halText(rep, ctx, true);
}
