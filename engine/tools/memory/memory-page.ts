/**
 * A recall's text, a page at a time. The recalled material is a title line and numbered lines, in
 * sections that each may open with a header (the entries of a turn, the versions of the summary).
 * Lines are numbered through the whole text, so `from line N` and `lines A-B` mean the same lines
 * whatever filter is applied. A page never exceeds the tool-output budget: it ends with a hint that
 * spells the request for the next page, or with an end mark.
 */
import { byteLength } from '../../measure/estimate.js';
import type { RecallFilters } from './recall-request.js';

export interface RecallSection {
  /** Shown, unnumbered, before the first line of the section that the page shows. */
  header?: string;
  lines: readonly string[];
}

/** Material a recall found. */
export interface RecallDocument {
  /** The first line of every page: what was recalled and where it came from. */
  title: string;
  sections: readonly RecallSection[];
  /** What the end mark names: `[end of entry]`. */
  noun: string;
  /** For entries: where their content was read, the audit or the store's copy. */
  from?: 'audit' | 'store' | 'audit and store';
}

/** One page, and what it showed for the audit. */
export interface RecallPage {
  content: string;
  ok: boolean;
  detail: string;
}

const CUT_NOTE = ' [line cut]';

/** The end mark of a recall of `noun`. */
export function endMark(noun: string): string {
  return `[end of ${noun}]`;
}

/** The hint that asks for the next page with `request`. */
export function moreHint(request: string): string {
  return `[more: memory "${request}"]`;
}

/** The lines of `text`; a final newline ends the last line rather than starting one. */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The longest start of `text` that is at most `max` UTF-8 bytes, not ending inside a character. */
export function cutToBytes(text: string, max: number): string {
  if (max <= 0) return '';
  let cut = text.length > max ? text.slice(0, max) : text;
  let over = byteLength(cut) - max;
  // A UTF-16 unit is at most three bytes, so dropping over/3 units never takes more than needed.
  while (over > 0) {
    cut = cut.slice(0, cut.length - Math.max(1, Math.floor(over / 3)));
    over = byteLength(cut) - max;
  }
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

interface Line {
  n: number;
  text: string;
  section: number;
}

function chooseLines(
  lines: readonly Line[],
  filters: RecallFilters,
  noun: string,
): readonly Line[] | { error: string } {
  const total = lines.length;
  let chosen: readonly Line[] = lines;
  const range = filters.range;
  if (range?.kind === 'lines') {
    if (range.first > total)
      return { error: `line ${range.first} is past the last line (${total}) of the ${noun}` };
    chosen = lines.slice(range.first - 1, range.last);
  } else if (range?.kind === 'head') chosen = lines.slice(0, range.count);
  else if (range?.kind === 'tail') chosen = lines.slice(Math.max(0, total - range.count));
  const pattern = filters.pattern?.toLowerCase();
  if (pattern !== undefined) chosen = chosen.filter((line) => line.text.toLowerCase().includes(pattern));
  if (filters.from > 1) {
    if (filters.from > total) {
      return { error: `line ${filters.from} is past the last line (${total}) of the ${noun}` };
    }
    chosen = chosen.filter((line) => line.n >= filters.from);
  }
  return chosen;
}

/**
 * The page of `document` that `filters` choose, within `budget` bytes. `request(n)` spells the
 * recall whose page starts at line n, for the hint.
 */
export function pageRecall(
  document: RecallDocument,
  filters: RecallFilters,
  budget: number,
  request: (from: number) => string,
): RecallPage {
  const lines: Line[] = [];
  document.sections.forEach((section, index) => {
    for (const text of section.lines) lines.push({ n: lines.length + 1, text, section: index });
  });
  const total = lines.length;
  const chosen = chooseLines(lines, filters, document.noun);
  if ('error' in chosen) return { content: `error: ${chosen.error}`, ok: false, detail: chosen.error };

  const end = endMark(document.noun);
  if (chosen.length === 0) {
    const none =
      filters.pattern === undefined
        ? '[no line in that range]'
        : `[no line contains "${filters.pattern}"${filters.from > 1 ? ` from line ${filters.from}` : ''}]`;
    return {
      content: fit([document.title, none, end].join('\n'), budget),
      ok: true,
      detail: 'no line matched',
    };
  }

  // Room for the lines: the title and the longest trailer (a hint's number is never longer than total's).
  const trailerBytes = Math.max(byteLength(end), byteLength(moreHint(request(total))));
  const room = budget - byteLength(document.title) - 1 - trailerBytes - 1;
  const page: string[] = [];
  let used = 0;
  let section = -1;
  let next = 0;
  for (; next < chosen.length; next++) {
    const line = chosen[next];
    if (line === undefined) break;
    const header = line.section === section ? undefined : document.sections[line.section]?.header;
    let piece = `${header === undefined ? '' : `${header}\n`}${line.n}\t${line.text}`;
    if (used + byteLength(piece) + 1 > room) {
      if (page.length > 0) break;
      // A first line longer than the page: show what fits of it, so paging still moves on.
      piece = cutToBytes(piece, room - 1 - byteLength(CUT_NOTE)) + CUT_NOTE;
    }
    page.push(piece);
    used += byteLength(piece) + 1;
    section = line.section;
  }
  const following = chosen[next];
  const trailer = following === undefined ? end : moreHint(request(following.n));
  const first = chosen[0]?.n ?? 1;
  const last = chosen[next - 1]?.n ?? first;
  const shown = `lines ${first}-${last} of ${total}${following === undefined ? '' : `, more from ${following.n}`}`;
  return { content: fit([document.title, ...page, trailer].join('\n'), budget), ok: true, detail: shown };
}

// The last guard: a page cut to the budget if a title alone would overrun it.
function fit(content: string, budget: number): string {
  return byteLength(content) <= budget ? content : cutToBytes(content, budget);
}
