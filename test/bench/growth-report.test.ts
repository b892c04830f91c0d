// The growth report: its section of BENCHMARKS.md is rewritten between its own markers (so the text
// around it and `npm run bench`'s section survive), with a ratio per size, and the plot is valid SVG.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGrowth, type GrowthRun } from '../../bench/growth-report.js';

const run = (label: string, ms: number[]): GrowthRun => ({
  startedAt: new Date('2026-11-25T12:00:00Z'), sizes: [10_000, 100_000, 1_000_000], label,
  engines: ['postgres', 'sqlite'].map((engine) => ({
    engine, seeding: ['10,000 in 3 s'], sqlNotes: [`two statements on ${engine}`],
    results: [{ name: 'REST page of 100 with total_items', ms }, { name: 'a <filtered> & page', ms: [10, 20, 120] }],
  })),
  loadAtStart: [9, 9, 9], loadAtEnd: [10, 10, 10], samplesPerCell: 30,
});

describe('growth report', () => {
  it('rewrites only its own section, with ratios to the smallest size, and draws a well-formed plot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'growth-report-'));
    try {
      const md = join(dir, 'BENCHMARKS.md');
      const svg = (engine: string) => join(dir, engine === 'postgres' ? 'growth.svg' : `growth-${engine}.svg`);
      writeFileSync(md, '# Benchmarks\n\n<!-- bench:begin x -->\nfull run\n<!-- bench:end -->\n\nhand-written notes\n');
      writeGrowth(md, svg, run('first', [10, 11, 12]));
      writeGrowth(md, svg, run('second', [20, 22, 26]));
      const text = readFileSync(md, 'utf8');
      expect(text).toContain('full run');
      expect(text).toContain('hand-written notes');
      expect(text).not.toContain('(first)');
      expect(text.match(/growth:begin/g)).toHaveLength(1);
      // One table per engine, each row judged against the budget (≤ 1.3× at the largest size).
      expect(text.match(/\| REST page of 100 with total_items \| 20\.0 \| 22\.0 \| 26\.0 \| \*\*1\.10×\*\* \| \*\*1\.30×\*\* \| met \|/g)).toHaveLength(2);
      expect(text).toContain('| a <filtered> & page | 10.0 | 20.0 | 120.0 | **2.00×** | **12.00×** | **not met** |');
      expect(text).toContain('#### sqlite');
      expect(text).toContain('- two statements on sqlite');
      expect(text).toContain('![latency relative to the smallest store, postgres](growth.svg)');
      expect(text).toContain('![latency relative to the smallest store, sqlite](growth-sqlite.svg)');
      for (const engine of ['postgres', 'sqlite']) {
        const plot = readFileSync(svg(engine), 'utf8');
        expect(plot.startsWith('<svg')).toBe(true);
        expect(plot).toContain(`, ${engine} (second)`);
        expect(plot).toContain('a &lt;filtered&gt; &amp; page');
        expect(plot.match(/<polyline/g)).toHaveLength(2);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
