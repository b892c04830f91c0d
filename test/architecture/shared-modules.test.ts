// Test files share their worker's modules (vitest.config.ts, `isolate: false`): what one file
// changes in process-wide state, the files after it in the same worker inherit. These rules keep
// that safe, read from the test sources themselves: module mocks are refused (they would replace a
// module for every later file), and a file that fakes timers, spies on or stubs something, or sets
// an environment variable puts it back in the same file.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST = join(ROOT, 'test');

/** Every TypeScript file under test/ that runs inside a worker (fixtures run as processes of their own). */
const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const path = join(dir, e.name);
  if (e.isDirectory()) return path === join(TEST, 'fixtures') ? [] : sources(path);
  return e.name.endsWith('.ts') ? [path] : [];
});

/** What a file may not do at all, and what it must undo when it does it (the change, then its undo). */
const FORBIDDEN: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|hoisted)\(/, 'module mocks (they replace the module for every later file in the worker)'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/, 'assigning process.env (later files would see it; pass config to makeApp instead)'],
  [/\bdelete\s+process\.env\b/, 'deleting from process.env'],
  [/\bObject\.assign\(\s*process\.env\b/, 'assigning process.env (later files would see it; pass config to makeApp instead)'],
  [/\bprocess\.chdir\(/, 'changing the working directory'],
];
const UNDONE: [RegExp, RegExp, string][] = [
  [/\bvi\.useFakeTimers\(/, /\bvi\.useRealTimers\(/, 'fake timers without vi.useRealTimers()'],
  [/\bvi\.spyOn\(/, /\bvi\.restoreAllMocks\(|\.mockRestore\(/, 'spies without vi.restoreAllMocks() or mockRestore()'],
  [/\bvi\.stubEnv\(/, /\bvi\.unstubAllEnvs\(/, 'vi.stubEnv without vi.unstubAllEnvs()'],
  [/\bvi\.stubGlobal\(/, /\bvi\.unstubAllGlobals\(/, 'vi.stubGlobal without vi.unstubAllGlobals()'],
];

/** The rules broken by one file's text, as `path: rule`. */
function breaches(path: string, text: string): string[] {
  // This file names the patterns it looks for.
  if (path.endsWith('shared-modules.test.ts')) return [];
  const found = FORBIDDEN.filter(([re]) => re.test(text)).map(([, why]) => why);
  for (const [does, undoes, why] of UNDONE) if (does.test(text) && !undoes.test(text)) found.push(why);
  return found.map((why) => `${path}: ${why}`);
}

describe('test files sharing their worker\'s modules', () => {
  it('mock no module and put back what they change in process-wide state', () => {
    const files = sources(TEST);
    expect(files.length).toBeGreaterThan(150);
    expect(files.flatMap((f) => breaches(relative(ROOT, f), readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('tell each kind of breach apart from its allowed form', () => {
    expect(breaches('a.test.ts', "vi.mock('../src/app.js');")).toHaveLength(1);
    expect(breaches('a.test.ts', "process.env.PORT = '1';")).toHaveLength(1);
    expect(breaches('a.test.ts', "process.env['PORT'] = '1';")).toHaveLength(1);
    expect(breaches('a.test.ts', "if (process.env.PORT === '1') {}")).toEqual([]);
    expect(breaches('a.test.ts', "Object.assign(process.env, { PORT: '1' });")).toHaveLength(1);
    expect(breaches('a.test.ts', "const env = { ...process.env, PORT: '1' };")).toEqual([]);
    expect(breaches('a.test.ts', 'vi.useFakeTimers();')).toHaveLength(1);
    expect(breaches('a.test.ts', 'vi.useFakeTimers(); afterEach(() => vi.useRealTimers());')).toEqual([]);
    expect(breaches('a.test.ts', 'const s = vi.spyOn(o, "f");')).toHaveLength(1);
    expect(breaches('a.test.ts', 'const s = vi.spyOn(o, "f"); afterEach(() => vi.restoreAllMocks());')).toEqual([]);
    expect(breaches('a.test.ts', "vi.stubEnv('A', 'b');")).toHaveLength(1);
  });
});
