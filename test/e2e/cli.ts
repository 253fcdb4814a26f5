/** Runs the real command line in a child process, as a user would. */
import { execa } from 'execa';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Starts `npm run -s eval -- ...args` without waiting for it: the process, to signal or await. */
export function startWispEval(args: string[], cwd = repoRoot, env: Record<string, string> = {}) {
  return execa('node', ['--import', 'tsx', `${repoRoot}/runners/cli/launch.ts`, ...args], {
    cwd,
    reject: false,
    env: { NO_COLOR: '1', ...env },
  });
}

/** `npm run -s eval -- ...args`, without npm's own overhead: tsx on the entry. */
export async function wispEval(
  args: string[],
  cwd = repoRoot,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const result = await startWispEval(args, cwd, env);
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}
