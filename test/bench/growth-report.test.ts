// The growth report: its section of BENCHMARKS.md is rewritten between its own markers (so the text
// around it and `npm run bench`'s section survive), with a ratio per size, and the plot is valid SVG.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGrowth, type GrowthRun } from '../../bench/growth-report.js';

const run = (label: string, ms: number[]): GrowthRun => ({
  startedAt: new Date('2026-11-25T12:00:00Z'), sizes: [10_000, 100_000, 1_000_000], label,
  results: [{ name: 'REST page of 100 with total_items', ms }, { name: 'a <filtered> & page', ms: [10, 20, 120] }],
  loadAtStart: [9, 9, 9], loadAtEnd: [10, 10, 10], samplesPerCell: 30, seeding: ['10,000 in 3 s'], sqlNotes: ['two statements'],
});

describe('growth report', () => {
  it('rewrites only its own section, with ratios to the smallest size, and draws a well-formed plot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'growth-report-'));
    try {
      const md = join(dir, 'BENCHMARKS.md');
      const svg = join(dir, 'growth.svg');
      writeFileSync(md, '# Benchmarks\n\n<!-- bench:begin x -->\nfull run\n<!-- bench:end -->\n\nhand-written notes\n');
      writeGrowth(md, svg, run('first', [10, 11, 12]));
      writeGrowth(md, svg, run('second', [20, 22, 26]));
      const text = readFileSync(md, 'utf8');
      expect(text).toContain('full run');
      expect(text).toContain('hand-written notes');
      expect(text).not.toContain('(first)');
      expect(text.match(/growth:begin/g)).toHaveLength(1);
      expect(text).toContain('| REST page of 100 with total_items | 20.0 | 22.0 | 26.0 | **1.10×** | **1.30×** |');
      expect(text).toContain('![latency relative to the smallest store](growth.svg)');
      const plot = readFileSync(svg, 'utf8');
      expect(plot.startsWith('<svg')).toBe(true);
      expect(plot).toContain('a &lt;filtered&gt; &amp; page');
      expect(plot.match(/<polyline/g)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
