// Reads the app's HAL+JSON, HAL+XML and Siren into one comparable shape with the independent
// decoders of test/representations/common-shape.ts.
import { XMLValidator } from 'fast-xml-parser';
import { BASE } from '../../helpers/app.js';
import { fromHalJson, fromHalXml, fromSiren, type Common } from '../../representations/common-shape.js';

/** HAL writes a zoomed single resource as an object; the decoder expects lists everywhere. */
function listify(o: any): any {
  if (Array.isArray(o)) return o.map(listify);
  if (!o || typeof o !== 'object') return o;
  const out: any = {};
  for (const [k, v] of Object.entries(o)) {
    out[k] = k === '_embedded'
      ? Object.fromEntries(Object.entries(v as object).map(([rel, items]) => [rel, (Array.isArray(items) ? items : [items]).map(listify)]))
      : v;
  }
  return out;
}

export function fromHal(text: string): Common {
  return fromHalJson(JSON.stringify(listify(JSON.parse(text))));
}

/** Siren writes `svc:x` rels expanded to `{base}/rels/x`; compact them back as HAL writes them. */
export function fromSirenText(text: string): Common {
  return fromSiren(text.split(`"${BASE}/rels/`).join('"svc:'));
}

export function fromXml(text: string): Common {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`malformed XML: ${JSON.stringify(valid.err)}\n${text}`);
  return fromHalXml(text);
}

export function wellFormed(xml: string): boolean {
  return XMLValidator.validate(xml) === true;
}
