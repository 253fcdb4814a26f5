import { describe, expect, expectTypeOf, it } from 'vitest';
import { ModelFailure } from '../../engine/index.js';
import { CallsFileError, ResultsError } from '../../records/errors.js';
import { errorCode, UsageError, type ErrorCode } from '../../runners/errors.js';
import { ScenarioError } from '../../scenarios/errors.js';

describe('errorCode', () => {
  it("gives each layer's error its own code, and anything else UNEXPECTED", () => {
    expect(errorCode(new ModelFailure('down'))).toBe('MODEL_FAILED');
    expect(errorCode(new CallsFileError('requests.jsonl', 2, 'not a JSON object'))).toBe(
      'CALLS_FILE_INVALID',
    );
    expect(errorCode(new ResultsError('RESULTS_MISSING', 'x: no such folder'))).toBe('RESULTS_MISSING');
    expect(errorCode(new ScenarioError('bad.yaml: step 1'))).toBe('SCENARIO_INVALID');
    expect(errorCode(new UsageError('--shard 3/2'))).toBe('USAGE');
    expect(errorCode(new Error('plain'))).toBe('UNEXPECTED');
    expect(errorCode('a string')).toBe('UNEXPECTED');
  });

  it('returns the union of codes, not any string', () => {
    expectTypeOf(errorCode).returns.toEqualTypeOf<ErrorCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<ErrorCode>();
  });

  it('makes a damaged calls file bad input, naming the file and the line', () => {
    const error = new CallsFileError('requests.jsonl', 2, 'not a JSON object');
    expect(error).toMatchObject({ kind: 'input', message: 'requests.jsonl: line 2: not a JSON object' });
    expect(error.under('/r/run').message).toBe('/r/run/requests.jsonl: line 2: not a JSON object');
  });
});
