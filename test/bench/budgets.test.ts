// The report's budgets (bench/budgets.ts): every scenario row states issue 20's budget on both
// engines, run or skipped, and the verdicts follow the measured ratios and statement counts.
import { describe, expect, it } from 'vitest';
import { budgetText, judgeGetOne, judgePeer, judgeRead, judgeWrite } from '../../bench/budgets.js';

describe('bench budgets', () => {
  it('states a budget for every budgeted scenario on both engines', () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      for (const id of ['1', '2', '3', '4', '4b', '5', '6', 'noisy']) {
        const text = budgetText(id, engine);
        expect(text, `${id} on ${engine}`).toBeTruthy();
        expect(text).not.toContain('none');
      }
    }
    expect(budgetText('6', 'sqlite')).toContain('≤ 50 ms');
    expect(budgetText('noisy', 'postgres')).toContain('≤ 2 ×');
  });

  it('judges reads by the engine\'s ratio and the service against PostGraphile 5', () => {
    expect(judgeGetOne(0.74).verdict).toBe('not met');
    expect(judgeGetOne(0.75).verdict).toBe('met');
    expect(judgeRead('sqlite', 'rest', 0.7, true).verdict).toBe('met');
    expect(judgeRead('postgres', 'rest', 0.7, true)).toMatchObject({ verdict: 'not met', reason: 'throughput ratio 0.70 (not met); statements met' });
    expect(judgeRead('postgres', 'graphql', 0.95, false).verdict).toBe('not met');
    const read = judgeRead('postgres', 'graphql', 0.95, true);
    expect(judgePeer(read, undefined)).toBe(read);
    expect(judgePeer(read, 0.88)).toMatchObject({ verdict: 'not met', reason: expect.stringContaining('service/PostGraphile 5 0.88 (not met)') });
    expect(judgePeer(read, 1.02).verdict).toBe('met');
  });

  it('counts a write\'s statements besides BEGIN and COMMIT', () => {
    const sql = ['BEGIN IMMEDIATE', 'select 1', 'select 2', 'insert x', 'update y', 'COMMIT'];
    expect(judgeWrite('create', 0.6, sql)).toMatchObject({ verdict: 'met', reason: 'throughput ratio 0.60 (met); 4 statements (met)' });
    expect(judgeWrite('create', 0.6, [...sql, 'delete z']).verdict).toBe('not met');
    expect(judgeWrite('checkout', 0.39, sql).verdict).toBe('not met');
  });
});
