import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AnswerError,
  ContextOverflowError,
  InternalError,
  ModelFailure,
  WorkspaceError,
} from '../../engine/index.js';
import { CallsFileError, ResultsError } from '../../records/errors.js';
import {
  BadRequest,
  errorCode,
  RUN_FAILURE_CODES,
  UsageError,
  WorkerError,
  type ErrorCode,
} from '../../runners/errors.js';
import { SnapshotFileError } from '../../runners/gate/errors.js';
import { ReportAssetError } from '../../reports/errors.js';
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

  it("gives the ports' errors their codes too, so they are no longer unexpected", () => {
    expect(errorCode(new ContextOverflowError(8192, 9000))).toBe('CONTEXT_OVERFLOW');
    expect(errorCode(new WorkspaceError('there is no file "a.md" in the workspace'))).toBe(
      'WORKSPACE_REFUSED',
    );
    expect(errorCode(new AnswerError('the answer has no message'))).toBe('MODEL_ANSWER_INVALID');
    expect(errorCode(new BadRequest('the body is not JSON'))).toBe('REQUEST_INVALID');
  });

  it('chooses the kind, and so the exit status, from the error', () => {
    expect(new SnapshotFileError('m3 is defined as "robot"')).toMatchObject({ kind: 'input' });
    expect(new BadRequest('the body is not JSON')).toMatchObject({ kind: 'input' });
    expect(new WorkerError('a worker thread stopped (exit code 1)')).toMatchObject({ kind: 'run' });
    expect(new ReportAssetError('reports/html/style.css is missing')).toMatchObject({ kind: 'run' });
    expect(new InternalError('entry 3 is out of order')).toMatchObject({ kind: 'run', code: 'INTERNAL' });
  });

  it("counts a broken rule of the code as a run that could not be made, like a model's failure", () => {
    for (const code of ['MODEL_FAILED', 'INTERNAL', 'SANDBOX_FAILED', 'UNEXPECTED'])
      expect(RUN_FAILURE_CODES.has(code)).toBe(true);
    expect(RUN_FAILURE_CODES.has('CONTEXT_DOES_NOT_FIT')).toBe(false);
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
