import { describe, expect, it } from 'vitest';
import { unexpectedFailure } from '../../../runners/cli/main.js';

describe('an unexpected failure', () => {
  it('is one line, and its stack only under --debug', () => {
    const error = new Error('something broke\nwith detail');
    const line = unexpectedFailure(error, false);
    expect(line).toBe(
      'wisp-eval: unexpected failure: something broke (run again with --debug for the stack trace)',
    );
    expect(unexpectedFailure(error, true)).toContain(error.stack ?? 'stack');
    expect(unexpectedFailure(error, true).split('\n').length).toBeGreaterThan(2);
  });
});
