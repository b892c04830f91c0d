// The upload meter both blob stores stream through (src/files/blob-store.ts): it counts and hashes
// what passes, stops the copy past the limit, and answers its hash as often as it is asked.
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { BlobTooLargeError, UploadMeter } from '../../../src/files/blob-store.js';

const sink = () => new Writable({ write: (_c, _e, done) => done() });

describe('UploadMeter', () => {
  it('counts and hashes every byte that passes, and answers the same hash twice', async () => {
    const chunks = [randomBytes(70_000), randomBytes(1), randomBytes(33_333)];
    const meter = new UploadMeter(200_000);
    await pipeline(Readable.from(chunks), meter, sink());
    expect(meter.size).toBe(103_334);
    const expected = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    expect(meter.sha256()).toBe(expected);
    expect(meter.sha256()).toBe(expected);
  });

  it('fails the copy with BlobTooLargeError one byte past the limit, and lets the limit itself through', async () => {
    const exact = new UploadMeter(1000);
    await pipeline(Readable.from([randomBytes(600), randomBytes(400)]), exact, sink());
    expect(exact.size).toBe(1000);
    const over = pipeline(Readable.from([randomBytes(600), randomBytes(401)]), new UploadMeter(1000), sink());
    await expect(over).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(over).rejects.toMatchObject({ limit: 1000 });
  });
});
