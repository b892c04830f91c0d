// The client's file name is only ever shown (file_name) and offered back as the download's name;
// it never becomes a path. It is still cleaned, because it ends up in HTML pages, in a
// Content-Disposition header and in the customer's file system: no directories, no control or
// bidirectional-override characters (which disguise `evil‮txt.exe` as `evilexe.txt`), bounded
// length.

/** Longest file_name kept, in code points; the extension survives the cut. */
export const MAX_FILE_NAME = 255;
const FALLBACK = 'file';

// C0/C1 controls and DEL, line/paragraph separators, the byte-order mark, and every bidi
// embedding, override, isolate and mark (ZWJ stays: emoji sequences need it).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// Unpaired surrogates cannot be encoded as UTF-8 and would turn into U+FFFD anyway.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function sanitizeFileName(raw: string | undefined | null): string {
  let name = String(raw ?? '').replace(LONE_SURROGATE, '').normalize('NFC');
  // Path components: whatever follows the last separator of either convention.
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(UNSAFE, '').trim();
  // Trailing dots and spaces vanish on Windows; a name of dots alone means a directory.
  name = name.replace(/[. ]+$/u, '');
  if (!name || /^\.+$/.test(name)) return FALLBACK;
  return truncate(name, MAX_FILE_NAME);
}

function truncate(name: string, max: number): string {
  const points = Array.from(name);
  if (points.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return points.slice(0, max - keep.length).join('').trimEnd() + keep.join('');
}

// RFC 8187 attr-char: everything else in filename* is percent-encoded as UTF-8.
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ATTR_CHAR.test(ch)) out += ch;
    else for (const b of Buffer.from(ch, 'utf8')) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * `Content-Disposition: attachment` (RFC 6266) naming the download: an ASCII `filename` for old
 * agents (non-ASCII, quotes, backslashes and percent signs replaced, since some agents decode
 * `%xx` there) and the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName);
  const ascii = Array.from(name, (c) => (/^[\x20-\x7e]$/.test(c) && !'"\\%'.includes(c) ? c : '_')).join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

// A media type as the client declared it (`type/subtype`, no parameters). It is only stored, never
// sent back as a Content-Type (downloads are always application/octet-stream), but it is still
// held to the token grammar so nothing odd ends up in the column.
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream';

export function isMediaType(raw: string): boolean {
  return MEDIA_TYPE.test(raw);
}

/** The declared type, lowercased and without parameters, or application/octet-stream when it is not one. */
export function mediaTypeOrDefault(raw: string | undefined | null): string {
  const type = String(raw ?? '').split(';')[0].trim().toLowerCase();
  return isMediaType(type) ? type : DEFAULT_MEDIA_TYPE;
}
