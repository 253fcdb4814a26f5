import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cli.js';

describe('printing into a pipe whose reader has gone', () => {
  it('stops quietly with the command’s own status, not a stack trace', async () => {
    // The reader ends at once, so every line the command prints finds the pipe closed.
    const script =
      `node --import tsx ${repoRoot}/runners/cli/launch.ts list strategies | true; ` +
      'echo "status ${PIPESTATUS[0]}" >&2';
    const result = await execa('bash', ['-c', script], { reject: false, env: { NO_COLOR: '1' } });
    expect(result.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(result.stderr).toContain('status 0');
  });
});
