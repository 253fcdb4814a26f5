/**
 * The reader's guided answers about a page of a stored output, from the page it is given alone:
 * `output-summary` names the page's notable lines (what reports a failure, a warning, a result or a
 * total, and headings), `output-condense` answers the call's question from the page's text as it
 * answers any question, or says the page does not answer it.
 */
import { DIGEST_MARKERS, MAX_NOTABLE_PER_PAGE, type Message } from '../../../engine/index.js';
import { ABSTENTION, answerQuestion } from './answer.js';
import type { ReaderContext } from './context.js';

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

// What makes a line stand out, strongest first: a failure or an error, a warning, a result or a
// count of results, a heading.
const NOTABLE: readonly [RegExp, number][] = [
  [
    /\b(?:error|errors|fail|failed|failing|failure|fatal|panic|exception|denied|refused|not found|timed out|cannot|could not)\b/i,
    4,
  ],
  [/\b(?:warn|warning|warnings|deprecated)\b/i, 3],
  [
    /\b\d+\s+(?:passed|failed|skipped|tests?|errors?|warnings?|files?)\b|\b(?:passed|succeeded|done|finished|total|summary|exit status|exit code)\b/i,
    2,
  ],
  [/^\s*(?:#{1,6}\s+\S|[A-Z][A-Z0-9 _-]{3,}:?\s*$)/, 1],
];

function weight(text: string): number {
  return NOTABLE.reduce((best, [pattern, score]) => (pattern.test(text) ? Math.max(best, score) : best), 0);
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
