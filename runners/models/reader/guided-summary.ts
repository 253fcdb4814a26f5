/**
 * The reader's guided `summary`: the summary so far, kept word for word, and one short sentence per
 * new turn, naming the files read or changed and the commands run without retelling any content. When
 * the whole exceeds the word limit, the sentences after the first give way, oldest first, to `…`.
 */
import { parseSections, parseTurns } from './distil.js';
import type { ComposedTurn } from './distil.js';
import {
  IMPERATIVE_VERBS,
  LISTENER_MODAL_PHRASES,
  MODALS,
  POLITE_INTERJECTIONS,
  POLITE_OPENINGS,
  PRIMARY_AUXILIARIES,
  READING_TOOL_PARTS,
  WH_WORDS,
  WRITING_TOOL_PARTS,
} from './lexicon.js';
import { Phrases } from './phrases.js';
import { asSentence, clipWords, endsAsking, sentences } from './text.js';

/** The section markers of a summary request, each at the start of its own line. */
export const SUMMARY_MARKERS = {
  summary: 'Summary so far:',
  limit: 'Word limit:',
  turns: 'Turns to add:',
} as const;

/** The most words of the person's own text a sentence quotes. */
export const QUOTED_WORDS = 20;

const ELLIPSIS = '…';

const QUESTION_START = new Phrases([...WH_WORDS, ...PRIMARY_AUXILIARIES, ...MODALS]);
const POLITE = new Phrases([...POLITE_OPENINGS, ...LISTENER_MODAL_PHRASES]);
const PLEASE = new Phrases(POLITE_INTERJECTIONS);
const IMPERATIVE = new Phrases(IMPERATIVE_VERBS);

/** True when `text` opens with one of `phrases` (see `Phrases.written`). */
const opensWith = (phrases: Phrases, text: string) => phrases.writtenAt(text, 0).length > 0;

/** Where a request goes on after its polite opening ("please", "could you please"), if it has one. */
function afterPolite(text: string): number | undefined {
  const opening = POLITE.nextAt(text, 0)[0];
  return opening === undefined ? undefined : (PLEASE.nextAt(text, opening)[0] ?? opening);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function withoutStop(text: string): string {
  return text.replace(/[.!?]+$/, '').trim();
}

/** The person's part of a turn's sentence: a request, a question or a statement, in that order. */
function personClause(prompt: string): string | undefined {
  const parts = sentences(prompt).map(oneLine);
  if (parts.length === 0) return undefined;
  for (const part of parts) {
    const politeEnd = afterPolite(part);
    const request = politeEnd === undefined ? part : part.slice(politeEnd);
    if (politeEnd !== undefined || opensWith(IMPERATIVE, request)) {
      const body = withoutStop(request);
      const lowered = body.charAt(0).toLowerCase() + body.slice(1);
      return `The person asked to ${clipWords(lowered, QUOTED_WORDS)}`;
    }
  }
  const question = parts.find((part) => endsAsking(part) || opensWith(QUESTION_START, part));
  if (question) return `The person asked: ${clipWords(question, QUOTED_WORDS)}`;
  return `The person said: ${clipWords(withoutStop(parts.join(' ')), QUOTED_WORDS)}`;
}

function stringArgument(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' && value.trim() !== '' ? oneLine(value) : undefined;
}

/** True when a tool's name holds one of `parts` anywhere in it ("read_file", "readFile", "fileread"). */
function namesPart(tool: string, parts: Iterable<string>): boolean {
  return [...parts].some((part) => tool.includes(part));
}

/** What one tool call did, as a verb phrase: `read docs/a.md`, `ran npm test`, `changed src/b.ts`. */
function toolPhrase(call: ComposedTurn['toolCalls'][number]): string {
  const tool = call.tool.toLowerCase();
  const command = stringArgument(call.arguments, 'command');
  if (command !== undefined) return `ran ${clipWords(command, QUOTED_WORDS)}`;
  const path = stringArgument(call.arguments, 'path') ?? stringArgument(call.arguments, 'file');
  if (path !== undefined) {
    if (namesPart(tool, READING_TOOL_PARTS)) return `read ${path}`;
    if (namesPart(tool, WRITING_TOOL_PARTS)) {
      return `changed ${path}`;
    }
    return `used ${call.tool} on ${path}`;
  }
  return `used ${call.tool}`;
}

function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1) ?? ''}`;
}

/** One sentence for one turn, or undefined for a turn with nothing in it. */
export function turnSentence(turn: ComposedTurn): string | undefined {
  const person = personClause(turn.person);
  // Paging through one file is one read: each distinct action is named once, in order.
  const phrases = [...new Set(turn.toolCalls.map(toolPhrase))];
  const assistant = phrases.length > 0 ? `the assistant ${joinPhrases(phrases)}` : undefined;
  if (person && assistant) return asSentence(`${withoutStop(person)}; ${assistant}`);
  if (person) return asSentence(person);
  if (assistant) return asSentence(`The assistant ${joinPhrases(phrases)}`);
  return undefined;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The sentences of a summary as units for fitting; a lone `…` is a unit of its own. */
function summaryUnits(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=\S)/)
    .map((unit) => unit.trim())
    .filter(Boolean);
}

/**
 * Fits sentences to `limit` words: when they exceed it, the sentences after the first are dropped,
 * oldest first, and one `…` stands where they were. The first and the newest always stay.
 */
export function fitToLimit(units: readonly string[], limit: number): string {
  const whole = units.join(' ');
  if (wordCount(whole) <= limit || units.length <= 2) return whole;
  const first = units[0] ?? '';
  let rest = units.slice(1).filter((unit) => unit !== ELLIPSIS);
  while (rest.length > 1 && wordCount([first, ELLIPSIS, ...rest].join(' ')) > limit) rest = rest.slice(1);
  return [first, ELLIPSIS, ...rest].join(' ');
}

/** The summary answer for one composed request text. */
export function summarise(text: string): { summary: string } {
  const sections = parseSections(text, Object.values(SUMMARY_MARKERS));
  const section = (marker: string) => sections.get(marker) ?? [];
  const soFarText = section(SUMMARY_MARKERS.summary).join('\n').trim();
  const soFar = /^-\s*none$/i.test(soFarText) ? '' : soFarText;
  const limitText = section(SUMMARY_MARKERS.limit).join(' ');
  const limitMatch = /\d+/.exec(limitText);
  const limit = limitMatch ? Number(limitMatch[0]) : Number.POSITIVE_INFINITY;

  const added: string[] = [];
  for (const turn of parseTurns(section(SUMMARY_MARKERS.turns))) {
    const sentence = turnSentence(turn);
    if (sentence) added.push(sentence);
  }
  // Within the limit, the summary so far stays exactly as it was written.
  const whole = [soFar, ...added].filter(Boolean).join(' ');
  if (wordCount(whole) <= limit) return { summary: whole };
  return { summary: fitToLimit([...summaryUnits(soFar), ...added], limit) };
}
