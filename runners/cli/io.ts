/** Where a command prints. The bin passes the process's streams; tests pass buffers. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** On a terminal: show a status line in place of the last one (an empty line clears it). */
  status?(line: string): void;
  /** Whether `out` may carry colour: a terminal, and NO_COLOR not set. */
  colour?: boolean;
  /** The width of `out` in columns, when it is a terminal. */
  columns?: number;
}

/** An IO that keeps every line, for tests. */
export function bufferIO(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => void stdout.push(l), err: (l) => void stderr.push(l) };
}
