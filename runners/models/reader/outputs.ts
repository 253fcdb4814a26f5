/**
 * Reading the engine's tool outputs: read_file's numbered lines and trailers, run_command's frames,
 * and error results. Only the formats the engine produces are understood; anything else (such as an
 * output reference) is treated as plain text.
 */

const NUMBERED_LINE = /^\s*\d+\t/;
const PAGING_HINT = /^\[more from offset (\d+)\]\s*$/m;
const READ_TRAILER = /^\[(more from offset \d+|end of file)\]\s*$/;

/** True for an error result: the tool failed and said why on its first line. */
export function isErrorOutput(content: string): boolean {
  return /^\s*error:/i.test(content);
}

/** The reason an error result gives, without its `error:` label. */
export function errorReason(content: string): string {
  const first = content.trim().split('\n')[0] ?? '';
  return first.replace(/^error:\s*/i, '').trim();
}

/** The offset read_file's paging hint points to, when the file has more. */
export function pagingOffset(content: string): number | undefined {
  const match = PAGING_HINT.exec(content);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** A line without its `N\t` line-number prefix. */
export function stripLineNumber(line: string): string {
  return line.replace(NUMBERED_LINE, '');
}

/**
 * The file's own lines in a read_file page. Numbered lines are content and nothing else is (a TOML
 * `[section]` is numbered, a trailer is not); an output with no numbered lines keeps everything but
 * bracketed trailers.
 */
export function fileLines(content: string): string[] {
  const lines = content.split('\n');
  if (lines.some((line) => NUMBERED_LINE.test(line))) {
    return lines.filter((line) => NUMBERED_LINE.test(line)).map(stripLineNumber);
  }
  return lines.filter((line) => !/^\[.*\]\s*$/.test(line));
}

/** A tool output as text to read: line numbers and read_file's trailers left out. */
export function readableOutput(content: string): string {
  return content
    .split('\n')
    .filter((line) => !READ_TRAILER.test(line) && !/^(stdout|stderr):\s*$/.test(line))
    .map(stripLineNumber)
    .join('\n');
}

/** A run_command result split into its exit status and streams. */
export interface CommandOutput {
  exitStatus: number | undefined;
  stdout: string[];
  stderr: string[];
}

/** Parses run_command's `exit status:` / `stdout:` / `stderr:` frames. */
export function parseCommandOutput(content: string): CommandOutput {
  const parsed: CommandOutput = { exitStatus: undefined, stdout: [], stderr: [] };
  let stream: string[] | undefined;
  for (const line of content.split('\n')) {
    const status = /^exit status:\s*(-?\d+)/.exec(line);
    if (status?.[1] !== undefined && parsed.exitStatus === undefined && stream === undefined) {
      parsed.exitStatus = Number(status[1]);
    } else if (/^stdout:\s*$/.test(line)) stream = parsed.stdout;
    else if (/^stderr:\s*$/.test(line)) stream = parsed.stderr;
    else if (stream) stream.push(line);
  }
  return parsed;
}

function lastMeaningful(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]?.trim();
    // Held-back markers and notes are the engine's, not the command's.
    if (line && !/^\[.*\]$/.test(line) && !/^held back:/.test(line) && line !== '…') return line;
  }
  return undefined;
}

/**
 * The line that best says how a command went: the last of stderr when it failed, of stdout when it
 * passed, falling back to the other stream.
 */
export function commandVerdictLine(output: CommandOutput): string | undefined {
  const failed = output.exitStatus !== undefined && output.exitStatus !== 0;
  const [primary, secondary] = failed ? [output.stderr, output.stdout] : [output.stdout, output.stderr];
  return lastMeaningful(primary) ?? lastMeaningful(secondary);
}
