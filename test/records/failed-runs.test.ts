import { describe, expect, it } from 'vitest';
import { isFailedRun, measuredRuns, whereFailed } from '../../records/failed-runs.js';

const ended = (code: string, turn: number | null = 3) => ({ error: { code, message: 'm', turn } });

describe('failed runs', () => {
  it('are the runs that could not be carried out or did not replay, not those the engine ended', () => {
    for (const code of ['MODEL_FAILED', 'SANDBOX_FAILED', 'UNEXPECTED', 'REPLAY_MISMATCH'])
      expect(isFailedRun(ended(code))).toBe(true);
    for (const code of ['CONTEXT_DOES_NOT_FIT', 'TOOL_LOOP_BOUND'])
      expect(isFailedRun(ended(code))).toBe(false);
    expect(isFailedRun({ error: null })).toBe(false);
    expect(measuredRuns([ended('MODEL_FAILED'), { error: null }, ended('TOOL_LOOP_BOUND')])).toHaveLength(2);
  });

  it('say where they failed, a failure before the first turn in words', () => {
    expect(whereFailed({ turn: 7 })).toBe('at turn 7');
    expect(whereFailed({ turn: null })).toBe('before its first turn');
  });
});
