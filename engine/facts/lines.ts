/**
 * One fact as one line of a block: `- <subject> <name>: <value> — <source>`. Whatever a value holds
 * (a file's text, a command's output), it cannot break the line, so it cannot pose as a line of its
 * own; and names and values are cut, so one fact cannot crowd out the rest.
 */
import { PERSON_COMMAND_DETAIL, sourceName, type Fact } from './fact.js';

/** Longest value shown, in characters. */
export const VALUE_MAX_CHARS = 160;
/** Longest name shown, in characters. */
export const NAME_MAX_CHARS = 60;

const ELLIPSIS = '…';

/** `text` on one line: line breaks and other control characters become spaces, runs of spaces one. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029\s]+/g, ' ').trim();
}

/** `text` in at most `max` characters (code points), its end replaced by … when cut. */
export function cutStart(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + ELLIPSIS;
}

/** A value as shown: one line, at most VALUE_MAX_CHARS. */
export function cutValue(value: string): string {
  return cutStart(oneLine(value), VALUE_MAX_CHARS);
}

/**
 * A name as shown: one line, at most NAME_MAX_CHARS. A path keeps its end, where the file's name is,
 * from a slash when one is in reach: `…/docs/storage.md`.
 */
export function cutName(name: string): string {
  const flat = oneLine(name);
  const chars = Array.from(flat);
  if (chars.length <= NAME_MAX_CHARS) return flat;
  if (!flat.includes('/') || flat.includes(' ')) return cutStart(flat, NAME_MAX_CHARS);
  const tail = chars.slice(chars.length - (NAME_MAX_CHARS - 1)).join('');
  return ELLIPSIS + tail.slice(Math.max(0, tail.indexOf('/')));
}

function turnsText(fact: Fact): string {
  if (fact.turns === undefined) return `turn ${fact.turn}`;
  const { first, last } = fact.turns;
  return first === last ? `turn ${first}` : `turns ${first}-${last}`;
}

function entriesText(entries: readonly number[]): string {
  if (entries.length === 0) return '';
  return `, ${entries.length === 1 ? 'entry' : 'entries'} ${entries.join(', ')}`;
}

/**
 * Where a fact came from, as its line ends: `from the person`, `from tool read_file, turn 2,
 * entry 4`, `from the person's command, turn 3, entry 9`, `from model, distilled: the person said, turns 1-12`, `from model, inferred, turn 1`.
 */
export function sourceText(fact: Fact): string {
  const { kind, method, detail } = fact.source;
  const note = oneLine(detail ?? '');
  switch (kind) {
    case 'person':
    case 'caller':
      return `from the ${kind}${note ? `, ${note}` : ''}`;
    case 'tool':
      return `from ${detail === PERSON_COMMAND_DETAIL ? detail : `tool ${note || 'unnamed'}`}, ${turnsText(fact)}${entriesText(fact.entries)}`;
    case 'model':
      return `from model, ${method}${note ? `: ${note}` : ''}, ${turnsText(fact)}`;
  }
}

/** The line for `fact`; `others` are the disagreeing sources' facts when it is in conflict. */
export function factLine(fact: Fact, others: readonly Fact[] = []): string {
  const { subject, name } = fact.identity;
  // A name that only repeats the subject (the task's) says nothing: the line names the subject once.
  const label = name === '' || name === subject ? oneLine(subject) : `${oneLine(subject)} ${cutName(name)}`;
  const notes = others.map(
    (other) =>
      `; another source disagrees: ${oneLine(sourceName(other.source))} says ${cutValue(other.value)}`,
  );
  return `- ${label}: ${cutValue(fact.value)} — ${sourceText(fact)}${notes.join('')}`;
}
