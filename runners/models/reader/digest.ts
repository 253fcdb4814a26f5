/**
 * The reader's guided answers about a page of a stored output, from the page it is given alone:
 * `output-summary` names the page's notable lines (what reports a failure, a warning, a result or a
 * total, and headings), `output-condense` answers the call's question from the page's text as it
 * answers any question, or says the page does not answer it.
 */
import { DIGEST_MARKERS, MAX_NOTABLE_PER_PAGE, type Message } from '../../../engine/index.js';
import { ABSTENTION, answerQuestion } from './answer.js';
import type { ReaderContext } from './context.js';
import { ERROR_REPORT_PHRASES, RESULT_COUNT_WORDS, RESULT_PHRASES, WARNING_WORDS } from './lexicon.js';
import { Phrases, plainTokensAt, type WordAt } from './phrases.js';

interface PageLine {
  n: number;
  text: string;
}

/** The numbered lines after the page marker: `N<tab>text`. */
export function pageLines(text: string): PageLine[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(DIGEST_MARKERS.page));
  if (start < 0) return [];
  return lines.slice(start + 1).flatMap((line) => {
    const match = /^(\d+)\t(.*)$/.exec(line);
    return match ? [{ n: Number(match[1]), text: match[2] ?? '' }] : [];
  });
}

const ERROR_REPORTS = new Phrases(ERROR_REPORT_PHRASES);
const WARNINGS = new Phrases(WARNING_WORDS);
const RESULTS = new Phrases(RESULT_PHRASES);
// A heading: a markdown heading, or a line in capitals ("BUILD LOG:").
const HEADING = /^\s*(?:#{1,6}\s+\S|[A-Z][A-Z0-9 _-]{3,}:?\s*$)/;
const FIGURE = /^\d+$/;

/** True when a line counts results: a figure, then a word of results after a space ("12 passed"). */
function countsResults(text: string, tokens: readonly WordAt[]): boolean {
  return tokens.some((token, i) => {
    const next = tokens[i + 1];
    return (
      next !== undefined &&
      FIGURE.test(token.word) &&
      next.start > token.end &&
      text.slice(token.end, next.start).trim() === '' &&
      RESULT_COUNT_WORDS.has(next.word)
    );
  });
}

// What makes a line stand out, strongest first: a failure or an error, a warning, a result or a
// count of results, a heading.
function weight(text: string): number {
  const tokens = plainTokensAt(text);
  // A phrase of several words counts where one space parts its words, as a program prints it.
  const says = (list: Phrases) =>
    list.findAll(text, tokens).some((hit) =>
      tokens.slice(hit.first, hit.after - 1).every((token, i) => {
        const next = tokens[hit.first + i + 1]!;
        return text.slice(token.end, next.start) === ' ';
      }),
    );
  if (says(ERROR_REPORTS)) return 4;
  if (says(WARNINGS)) return 3;
  if (countsResults(text, tokens) || says(RESULTS)) return 2;
  return HEADING.test(text) ? 1 : 0;
}

/** The page's notable lines by number: the strongest first, at most the call's share, in order. */
export function notableLines(text: string): { notable: number[] } {
  const scored = pageLines(text)
    .map((line) => ({ ...line, weight: weight(line.text) }))
    .filter((line) => line.weight > 0 && line.text.trim() !== '');
  const chosen = [...scored]
    .sort((a, b) => b.weight - a.weight || a.n - b.n)
    .slice(0, MAX_NOTABLE_PER_PAGE)
    .map((line) => line.n)
    .sort((a, b) => a - b);
  return { notable: chosen };
}

/** The question of a condense call, from its own line. */
function questionOf(text: string): string {
  const line = text.split('\n').find((l) => l.startsWith(DIGEST_MARKERS.question)) ?? '';
  return line.slice(DIGEST_MARKERS.question.length).trim();
}

/** The answer the page gives to the call's question, or `found: false` when it gives none. */
export function condensedAnswer(text: string, context?: ReaderContext): { found: boolean; answer: string } {
  const question = questionOf(text);
  const page = pageLines(text)
    .map((line) => line.text)
    .join('\n');
  if (question === '' || page.trim() === '') return { found: false, answer: '' };
  const messages: Message[] = [
    { role: 'tool', callId: 'page', tool: 'output', content: page },
    { role: 'user', content: question },
  ];
  const answer = answerQuestion(messages, 1, context);
  return answer === ABSTENTION ? { found: false, answer: '' } : { found: true, answer };
}
