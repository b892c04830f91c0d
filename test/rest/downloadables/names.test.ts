// Hostile and odd client file names: whatever the name, the bytes land only inside the storage
// root under a random name, and file_name is the name cleaned for display.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { call, errorFields, json, link } from '../../helpers/rest.js';
import { contentDisposition, sanitizeFileName, MAX_FILE_NAME } from '../../../src/files/file-name.js';
import { fields, sendMultipart, shop, storage, type Shop } from './setup.js';

const long = `${'a'.repeat(1000)}.pdf`;

// [name sent, file_name expected, or null: refused 400 naming file]. Sent as RFC 5987 `filename*`
// so every byte (NUL, CR, LF) arrives.
const NAMES: Array<[string, string | null]> = [
  ['../../etc/passwd', 'passwd'],
  ['..\\..\\x', 'x'],
  ['/abs/path', 'path'],
  ['a\u0000b', 'ab'],
  ['CON', 'CON'],
  [long, `${'a'.repeat(MAX_FILE_NAME - 4)}.pdf`],
  ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['%2e%2e%2f', '%2e%2e%2f'],
  ['%2e%2e/%2e%2e/secret.txt', 'secret.txt'],
  ['📚 book 👨‍👩‍👧.pdf', '📚 book 👨‍👩‍👧.pdf'],
  ['..', 'file'],
  ['.', 'file'],
  ['....', 'file'],
  ['x/..', 'file'],
  ['C:\\Windows\\System32\\drivers\\etc\\hosts', 'hosts'],
  ['\\\\server\\share\\x.txt', 'x.txt'],
  // busboy drops a part whose name holds a line break, so the upload has no file.
  ['report\r\nX-Injected: 1.txt', null],
  ['  spaced name.txt  ', 'spaced name.txt'],
  ['trailing dots...', 'trailing dots'],
  ['bell\u0007del\u007fc1\u0085.txt', 'belldelc1.txt'],
  ['\u2066isolate\u2069\u200Fmark\uFEFF.txt', 'isolatemark.txt'],
  ['....//....//etc/shadow', 'shadow'],
  ['e\u0301tude.txt', 'étude.txt'],
];

describe('hostile file names', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await makeApp();
    s = await shop(t.app);
  });
  afterAll(async () => t?.close());

  it(`stores ${NAMES.length} odd names only inside the storage root, with file_name cleaned`, async () => {
    const root = join(t.config.dataDir, 'files');
    const topBefore = readdirSync(t.config.dataDir).sort();
    const ids: string[] = [];
    for (const [i, [name, expected]] of NAMES.entries()) {
      const res = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), {
        name: 'file', content: `content ${i}`,
        disposition: `Content-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}`,
      }]);
      if (expected === null) {
        expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
        expect(errorFields(json(res))).toEqual(['file']);
        continue;
      }
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(201);
      const body = json(res);
      expect(body.file_name, JSON.stringify(name)).toBe(expected);
      ids.push(link(body, 'self'));
      const file = await call(t.app, link(body, 'svc:file'), { token: s.token });
      expect(file.body).toBe(`content ${i}`);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    }
    const { blobs, temp } = storage(t.config.dataDir);
    expect(temp).toEqual([]);
    expect(blobs).toHaveLength(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(15);
    for (const b of blobs) expect(b).toMatch(/^[1-9]\d*\/[0-9a-f]{32}$/);
    // Nothing new beside the storage root in the data directory, nothing at the traversal targets.
    expect(readdirSync(t.config.dataDir).sort()).toEqual([...new Set([...topBefore, 'files'])].sort());
    expect(readdirSync(root).sort()).toEqual(['blobs', 'tmp']);
    for (const target of [join(root, '..', 'passwd'), join(root, '..', '..', 'etc', 'passwd'), join(root, 'x'), join(root, 'CON')]) {
      expect(existsSync(target)).toBe(false);
    }
  });

  it('raw quoted filenames with path components are cut to their last segment', async () => {
    for (const [raw, expected] of [['../../etc/passwd', 'passwd'], ['..\\..\\boot.ini', 'boot.ini'], ['/abs/path.bin', 'path.bin']]) {
      const res = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), { name: 'file', filename: raw, content: 'x' }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).file_name).toBe(expected);
    }
  });
});

describe('file name helpers', () => {
  it('sanitizeFileName keeps ordinary names and never returns an empty or dotted name', () => {
    expect(sanitizeFileName('report 2024.pdf')).toBe('report 2024.pdf');
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('\ud800broken')).toBe('broken');
    expect(sanitizeFileName('.hidden')).toBe('.hidden');
    expect(Array.from(sanitizeFileName('é'.repeat(400))).length).toBe(MAX_FILE_NAME);
  });

  it('contentDisposition is header-safe ASCII with the exact name in filename*', () => {
    expect(contentDisposition('plain.txt')).toBe(`attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
    expect(contentDisposition("it's (1) *.txt")).toBe(`attachment; filename="it's (1) *.txt"; filename*=UTF-8''it%27s%20%281%29%20%2A.txt`);
    expect(contentDisposition('a\r\nb\\c"d')).toBe(`attachment; filename="c_d"; filename*=UTF-8''c%22d`);
    expect(contentDisposition('😀.txt')).toBe(`attachment; filename="_.txt"; filename*=UTF-8''%F0%9F%98%80.txt`);
  });
});
