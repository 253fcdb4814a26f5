/**
 * The texts of the distiller's and the summary's calls, from the turns as they see them (no tool
 * output). Each text is cut to its share of a bound (a third of the window at four bytes a token, at
 * most 12,000 bytes), so the call always fits.
 */
import type { Message } from '../model/port.js';
import type { Entry } from '../store/entry.js';
import { groupTurns } from '../store/turns.js';
import { exitStatusOf } from '../output/trailers.js';
import { PERSON_COMMAND_OPENING } from '../protocol.js';

/** A turn as the distiller and the summary see it. */
export interface TurnText {
  turn: number;
  entries: number[];
  /** The audit events that recorded the turn's entries, when known. */
  events?: string[];
  lines: string[];
}

/**
 * Each turn of `entries` as the distiller and the summary see it: no tool output, and a command the
 * person ran as one line ahead of the turn's prompt.
 */
export function turnTexts(entries: readonly Entry[]): TurnText[] {
  return groupTurns(entries).turns.map((group) => ({
    turn: group.turn,
    entries: group.entries.map((e) => e.id),
    events: group.entries.flatMap((e) => e.sources),
    lines: group.entries.flatMap((e): string[] => {
      if (e.kind === 'prompt' && e.personCommand) return [personCommandLine(e.text)];
      if (e.kind === 'prompt') return [`person: ${e.text}`];
      if (e.kind === 'reply') return [`assistant: ${e.cutText ?? e.text}`];
      if (e.kind === 'toolCall' && e.call)
        return [`tool call: ${e.call.tool} ${shortArguments(e.call.arguments)}`];
      return [];
    }),
  }));
}

/** Arguments as JSON, an absolute path cut to its last two components. */
function shortArguments(args: Record<string, unknown>): string {
  const short = Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      typeof v === 'string' && v.startsWith('/') ? v.split('/').filter(Boolean).slice(-2).join('/') : v,
    ]),
  );
  return JSON.stringify(short);
}

const BOUND_MAX_BYTES = 12_000;
const encoder = new TextEncoder();

function cutTo(text: string, bytes: number): string {
  if (encoder.encode(text).length <= bytes) return text;
  let end = Math.max(0, bytes - 3);
  while (end > 0 && encoder.encode(text.slice(0, end)).length > bytes - 3) end -= 1;
  return `${text.slice(0, end)}...`;
}

/** Cuts every line to its share of the bound. */
function bounded(turns: readonly TurnText[], window: number, others: number): TurnText[] {
  const bound = Math.min(BOUND_MAX_BYTES, Math.floor((window * 4) / 3));
  const count = turns.reduce((n, t) => n + t.lines.length, 0) + others;
  const share = Math.max(64, Math.floor(bound / Math.max(1, count)));
  return turns.map((t) => ({ ...t, lines: t.lines.map((line) => cutTo(line, share)) }));
}

function renderTurns(turns: readonly TurnText[]): string {
  if (turns.length === 0) return '- none';
  return turns.map((t) => [`Turn ${t.turn}`, ...t.lines].join('\n')).join('\n');
}

/** The distiller's request: the kinds it may use, what is known, the leaving turns, the kept prompts. */
export function distilPrompt(
  kinds: readonly { subject: string; description: string }[],
  known: readonly string[],
  leaving: readonly TurnText[],
  kept: readonly TurnText[],
  window: number,
): Message[] {
  const keptPrompts = kept.map((t) => ({ ...t, lines: t.lines.filter((l) => l.startsWith('person: ')) }));
  const texts = bounded([...leaving, ...keptPrompts], window, known.length);
  const leavingCut = texts.slice(0, leaving.length);
  const keptCut = texts.slice(leaving.length);
  const content = [
    'Subject kinds you may use:',
    ...kinds.map((k) => `- ${k.subject}: ${k.description}`),
    'Facts already known:',
    ...(known.length ? known.map((k) => `- ${k}`) : ['- none']),
    'Turns leaving the context:',
    renderTurns(leavingCut),
    'Later turns, for the latest values:',
    renderTurns(keptCut),
  ].join('\n');
  return [
    {
      role: 'system',
      content:
        'List the facts the person stated and the conclusions the assistant reached in the turns leaving the ' +
        'context, at most 12, each with a subject from the kinds given, a short name and its latest value.',
    },
    { role: 'user', content },
  ];
}

/** What the summary gives up first when it would pass its word limit, and what it always keeps. */
const SHORTEN_OLDEST =
  'When it would run past the word limit, condense its oldest parts first, yet keep how the conversation began.';

/**
 * One call for the facts and the summary: the distiller's sections with the summary so far and its
 * word limit, for a batch that is exactly the turns leaving now.
 */
export function factsAndSummaryPrompt(
  kinds: readonly { subject: string; description: string }[],
  known: readonly string[],
  previous: string | null,
  words: number,
  leaving: readonly TurnText[],
  kept: readonly TurnText[],
  window: number,
): Message[] {
  const [system, user] = distilPrompt(kinds, known, leaving, kept, window);
  const summary = ['Summary so far:', previous ?? '- none', `Word limit: ${words}`].join('\n');
  return [
    {
      role: 'system',
      content:
        `${system?.content ?? ''} Also update the running summary: keep what it says, add the leaving turns in ` +
        'order, and name each file read or changed without retelling it. ' +
        SHORTEN_OLDEST,
    },
    { role: 'user', content: `${summary}\n${user?.content ?? ''}` },
  ];
}

/**
 * Words the summary may take: its share of the window in whole tokens, at four bytes a token and
 * never under 512 bytes, at about seven bytes a word. At 8,192 tokens and 0.05 that is 409 tokens,
 * 1,636 bytes, 233 words.
 */
export function summaryWords(share: number, window: number): number {
  return Math.floor(Math.max(512, Math.floor(share * window) * 4) / 7);
}

/** The summary's request: the summary so far and the turns to add, in order. */
export function summaryPrompt(
  previous: string | null,
  words: number,
  turns: readonly TurnText[],
  window: number,
): Message[] {
  const content = [
    'Summary so far:',
    previous ?? '- none',
    `Word limit: ${words}`,
    'Turns to add:',
    renderTurns(bounded(turns, window, 1)),
  ].join('\n');
  return [
    {
      role: 'system',
      content:
        'Update the running summary of this conversation: keep what it says, add the new turns in the order ' +
        'they happened, and name each file read or changed without retelling what it holds. ' +
        SHORTEN_OLDEST,
    },
    { role: 'user', content },
  ];
}

/**
 * Fits a summary to its word limit on one line: past the limit, sentences after the first go,
 * oldest first, behind an ellipsis, so how the work began and the newest turns survive.
 */
export function fitSummary(text: string, words: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const count = (s: string) => s.split(' ').filter(Boolean).length;
  if (count(line) <= words) return line;
  const sentences = line.split(/(?<=[.!?])\s+/);
  const first = sentences.shift() ?? '';
  while (sentences.length > 0 && count([first, '…', ...sentences].join(' ')) > words) sentences.shift();
  return sentences.length > 0
    ? [first, '…', ...sentences].join(' ')
    : first.split(' ').slice(0, words).join(' ');
}

/**
 * A command the person ran, as one line with how it ended: `the person ran \`npm test\`: exit status 1`.
 * The distiller and the running summary read it in place of the prompt, since what a command printed
 * is an observation whose facts the extraction rules take, not the person's words. A text not in the
 * prompt's form is given by its first line.
 */
export function personCommandLine(text: string): string {
  const match = PERSON_COMMAND_OPENING.exec(text);
  if (!match) return `the person ran: ${text.split('\n', 1)[0] ?? ''}`;
  const result = text.slice(match[0].length);
  const first = result.split('\n', 1)[0] ?? '';
  const status = first.startsWith('error:') ? 'failed' : exitStatusOf(first);
  const ending =
    status === undefined ? '' : /^-?\d+$/.test(status) ? `: exit status ${status}` : `: ${status}`;
  return `the person ran \`${match[1] ?? ''}\`${ending}`;
}
