/**
 * `summarise output ID` and `condense output ID: QUESTION`: two ways to more of a held-back output
 * than a page shows, each reading the stored output whole through guided calls of the conversation's
 * model, one call per page. `summarise` asks each page for its notable lines and shows those lines as
 * the store holds them; `condense` asks each page the question and gathers the pages' answers. Both
 * results stay within the tool-output budget.
 */
import { byteLength } from '../../measure/estimate.js';
import { isValidOutputId } from '../../output/store-port.js';
import { cutToBytes, textLines } from './memory-page.js';
import type { MemorySource, OutputDigestCall } from './memory-source.js';
import { DIGEST_MARKERS, MAX_NOTABLE_PER_PAGE } from '../../protocol.js';
import { AnswerError } from '../../errors.js';

/** The most pages of one output the calls read; a longer output's rest is named as not read. */
export const MAX_DIGEST_PAGES = 64;
/** Token bounds of the two calls' answers. */
export const SUMMARY_ANSWER_TOKENS = 400;
export const CONDENSE_ANSWER_TOKENS = 300;

export const NOTABLE_SCHEMA = {
  type: 'object',
  properties: {
    notable: {
      type: 'array',
      maxItems: MAX_NOTABLE_PER_PAGE,
      items: { type: 'integer', minimum: 1 },
    },
  },
  required: ['notable'],
};

export const CONDENSE_SCHEMA = {
  type: 'object',
  properties: { found: { type: 'boolean' }, answer: { type: 'string' } },
  required: ['found', 'answer'],
};

/** A digest's result, and what it did for the audit. */
export interface DigestResult {
  content: string;
  ok: boolean;
  detail: string;
}

interface Page {
  first: number;
  last: number;
  text: string;
}

function refused(message: string): DigestResult {
  return { content: `error: ${message}`, ok: false, detail: message };
}

/** The output's lines in pages of numbered lines, each at most `budget` bytes. */
export function digestPages(lines: readonly string[], budget: number): Page[] {
  const pages: Page[] = [];
  let current: string[] = [];
  let first = 1;
  let used = 0;
  lines.forEach((line, index) => {
    const n = index + 1;
    let numbered = `${n}\t${line}`;
    if (byteLength(numbered) + 1 > budget) numbered = cutToBytes(numbered, budget - 1);
    const size = byteLength(numbered) + 1;
    if (current.length > 0 && used + size > budget) {
      pages.push({ first, last: n - 1, text: current.join('\n') });
      current = [];
      used = 0;
      first = n;
    }
    current.push(numbered);
    used += size;
  });
  if (current.length > 0) pages.push({ first, last: lines.length, text: current.join('\n') });
  return pages;
}

interface Loaded {
  id: string;
  lines: string[];
  pages: Page[];
  /** Pages past MAX_DIGEST_PAGES, not read. */
  unread: Page[];
  call: OutputDigestCall;
}

async function load(
  id: string,
  source: MemorySource,
  budget: number,
  verb: string,
): Promise<Loaded | DigestResult> {
  const call = source.digest;
  if (call === undefined)
    return refused(
      `${verb} needs guided calls, which this model does not offer; recall output ${id} instead`,
    );
  if (source.outputs === undefined) return refused('no output is stored in this conversation');
  if (!isValidOutputId(id))
    return refused(`"${id}" is not an output id: it is letters, digits, ".", "_" and "-"`);
  const text = await source.outputs.read(id);
  if (text === undefined) return refused(`no stored output has the id ${id}`);
  const lines = textLines(text);
  // A page leaves room in the call for its framing, so a call never exceeds the budget.
  const all = digestPages(lines, Math.max(256, budget - 512));
  return { id, lines, pages: all.slice(0, MAX_DIGEST_PAGES), unread: all.slice(MAX_DIGEST_PAGES), call };
}

function pageMessage(loaded: Loaded, page: Page, index: number, ask: string): string {
  return [
    ask,
    `${DIGEST_MARKERS.page} output ${loaded.id}, page ${index + 1} of ${loaded.pages.length}, lines ${page.first}-${page.last} of ${loaded.lines.length}`,
    page.text,
  ].join('\n');
}

function unreadNote(loaded: Loaded): string | undefined {
  const first = loaded.unread[0];
  if (first === undefined) return undefined;
  return `[lines ${first.first}-${loaded.lines.length} not read: past ${MAX_DIGEST_PAGES} pages; recall output ${loaded.id} from line ${first.first} pages them]`;
}

/** Joins a title, lines and a trailer within `budget`, leaving out the lines that do not fit and saying so. */
function within(
  title: string,
  lines: readonly string[],
  trailer: string | undefined,
  budget: number,
): string {
  const shown: string[] = [];
  const reserve = byteLength(title) + 1 + byteLength(trailer ?? '') + 1 + 64;
  let used = reserve;
  for (const line of lines) {
    const size = byteLength(line) + 1;
    if (used + size > budget) break;
    shown.push(line);
    used += size;
  }
  const left = lines.length - shown.length;
  const parts = [title, ...shown];
  if (left > 0) parts.push(`[${left} more ${left === 1 ? 'line' : 'lines'} left out for lack of room]`);
  if (trailer !== undefined) parts.push(trailer);
  const content = parts.join('\n');
  return byteLength(content) <= budget ? content : cutToBytes(content, budget);
}

const SUMMARY_ASK =
  'Choose the notable lines of this page of a tool output: errors, failures, warnings, results, totals ' +
  'and headings, the lines a reader most needs. Answer with their line numbers, at most ' +
  `${MAX_NOTABLE_PER_PAGE}; none when nothing stands out.`;

/** `summarise output ID`: the notable lines of the whole output, by line number, as the store holds them. */
export async function summariseOutput(
  id: string,
  source: MemorySource,
  budget: number,
): Promise<DigestResult> {
  const loaded = await load(id, source, budget, 'summarise');
  if ('content' in loaded) return loaded;
  const chosen = new Set<number>();
  let failed = 0;
  for (const [index, page] of loaded.pages.entries()) {
    try {
      const value = await loaded.call('output-summary', {
        messages: [{ role: 'user', content: pageMessage(loaded, page, index, SUMMARY_ASK) }],
        schema: NOTABLE_SCHEMA,
        maxTokens: SUMMARY_ANSWER_TOKENS,
      });
      const notable = (value as { notable?: unknown } | null)?.notable;
      if (!Array.isArray(notable)) throw new AnswerError('the answer has no list of lines');
      // Only lines of the page count, and at most the page's share.
      for (const n of notable.slice(0, MAX_NOTABLE_PER_PAGE))
        if (Number.isInteger(n) && n >= page.first && n <= page.last) chosen.add(n as number);
    } catch {
      failed += 1;
    }
  }
  const pages = loaded.pages.length;
  if (failed === pages)
    return refused(`no page of output ${id} could be summarised: the model's calls failed`);
  const numbers = [...chosen].sort((a, b) => a - b);
  const calls = `${pages} ${pages === 1 ? 'call' : 'calls'}${failed > 0 ? `, ${failed} failed` : ''}`;
  const title = `[notable lines of output ${id}: ${numbers.length} of ${loaded.lines.length} lines, chosen page by page by the model (${calls}); the lines as stored]`;
  const lines = numbers.map((n) => `${n}\t${loaded.lines[n - 1] ?? ''}`);
  const trailer = unreadNote(loaded) ?? `[recall output ${id} lines A-B shows any stretch whole]`;
  const content = within(title, numbers.length === 0 ? ['[no line stands out]'] : lines, trailer, budget);
  return { content, ok: true, detail: `${numbers.length} notable lines, ${calls}` };
}

/** `condense output ID: QUESTION`: the question asked of every page, and the answers the pages gave. */
export async function condenseOutput(
  id: string,
  question: string,
  source: MemorySource,
  budget: number,
): Promise<DigestResult> {
  const loaded = await load(id, source, budget, 'condense');
  if ('content' in loaded) return loaded;
  const ask =
    'Answer the question from this page of a tool output alone. When the page does not answer it, say ' +
    `found false.\n${DIGEST_MARKERS.question} ${question}`;
  const answers: string[] = [];
  let failed = 0;
  for (const [index, page] of loaded.pages.entries()) {
    try {
      const value = await loaded.call('output-condense', {
        messages: [{ role: 'user', content: pageMessage(loaded, page, index, ask) }],
        schema: CONDENSE_SCHEMA,
        maxTokens: CONDENSE_ANSWER_TOKENS,
      });
      const { found, answer } = (value ?? {}) as { found?: unknown; answer?: unknown };
      if (typeof found !== 'boolean' || typeof answer !== 'string')
        throw new AnswerError('the answer is off its schema');
      const text = answer.replace(/\s+/g, ' ').trim();
      if (found && text !== '') answers.push(`lines ${page.first}-${page.last}: ${text}`);
    } catch {
      failed += 1;
    }
  }
  const pages = loaded.pages.length;
  if (failed === pages) return refused(`output ${id} could not be condensed: the model's calls failed`);
  const calls = `${pages} ${pages === 1 ? 'call' : 'calls'}${failed > 0 ? `, ${failed} failed` : ''}`;
  const title = `[output ${id} condensed to the question "${question}": all ${loaded.lines.length} lines read, a page a call (${calls}), by the model]`;
  const body = answers.length === 0 ? ['No page of the output answers it.'] : answers;
  const content = within(title, body, unreadNote(loaded), budget);
  return { content, ok: true, detail: `${answers.length} of ${pages} pages answered, ${calls}` };
}
