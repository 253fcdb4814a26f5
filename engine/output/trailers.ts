/**
 * What in a tool result is not the output's content: the notes a tool or the bound appends
 * (trailers) and the frame lines of a command's result. Cutting and references both skip them.
 */

const PAGING = /^\[more from offset (\d+)\]$/;
const TRUNCATED = /^\[truncated\b.*\]$/;
/** The marker a bounded result carries where lines were held back: `[… N lines (X KiB) held back …]`. */
export const HELD_BACK_MARKER = /^\[… .*held back …\]$/;
const TRAILERS: readonly RegExp[] = [
  PAGING,
  /^\[end of file\]$/,
  TRUNCATED,
  /^\[timed out\b.*\]$/,
  HELD_BACK_MARKER,
  /^held back: /,
];
const EXIT_STATUS = /^exit status: (.*)$/;
const STREAM_FRAMES: readonly string[] = ['stdout:', 'stderr:'];

/** True for a note a tool or the bound appends: a paging hint, end of file, truncation, timeout, held back. */
export function isTrailer(line: string): boolean {
  return TRAILERS.some((pattern) => pattern.test(line));
}

/** True for a trailer that says something was cut out at this place (truncation or held back). */
export function marksCut(line: string): boolean {
  return TRUNCATED.test(line) || HELD_BACK_MARKER.test(line);
}

/** The offset a read_file paging hint names, when `line` is one. */
export function pagingOffset(line: string): number | undefined {
  const match = PAGING.exec(line);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The value of a command result's first line (`exit status: N`), when the result is a command's. */
export function exitStatusOf(firstLine: string | undefined): string | undefined {
  return EXIT_STATUS.exec(firstLine ?? '')?.[1];
}

/** True for a command result's stream frame line (`stdout:` or `stderr:`). */
export function isStreamFrame(line: string): boolean {
  return STREAM_FRAMES.includes(line);
}

/**
 * For each line of a result, whether it is content. A command's result (first line `exit status: …`)
 * has its status line and stream frames marked as frames; trailers are never content.
 */
export function contentMask(lines: readonly string[]): boolean[] {
  const command = exitStatusOf(lines[0]) !== undefined;
  return lines.map((line, index) => {
    if (isTrailer(line)) return false;
    if (command && (index === 0 || isStreamFrame(line))) return false;
    return true;
  });
}
