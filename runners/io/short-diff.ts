/**
 * A unified diff of two snapshot texts, cut short for a terminal: the first hunks up to a number of
 * lines, each line at most a screen wide, and a count of the changed lines left unshown.
 */
import { structuredPatch } from 'diff';

/** How many lines of diff a run gets, and how wide a line may be. */
export const DIFF_LINES = 60;
const LINE_CHARS = 160;
/** A diff that takes longer than this is not worth the wait: the first difference already says where. */
const DIFF_TIMEOUT_MS = 5000;

function clip(line: string): string {
  return line.length <= LINE_CHARS ? line : `${line.slice(0, LINE_CHARS - 1)}…`;
}

/** The diff from `before` to `after` as lines, `limit` of them at most before a closing count. */
export function shortDiff(
  before: string,
  after: string,
  names: { before: string; after: string },
  limit = DIFF_LINES,
): string[] {
  const patch = structuredPatch(names.before, names.after, before, after, undefined, undefined, {
    context: 2,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (patch === undefined) return ['(the texts differ too widely to show a diff in good time)'];
  const out = [`--- ${names.before}`, `+++ ${names.after}`];
  let hidden = 0;
  for (const hunk of patch.hunks) {
    const lines = [
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    ];
    for (const line of lines) {
      if (out.length < limit) out.push(clip(line));
      else if (line.startsWith('+') || line.startsWith('-')) hidden += 1;
    }
  }
  if (hidden > 0) out.push(`(${hidden.toLocaleString('en-US')} more changed lines not shown)`);
  return out;
}
