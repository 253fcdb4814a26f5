/**
 * The reader's guided `distil`: facts taken from the person's plain statements in the turns leaving the
 * context, with the latest value a later turn gives. It reads only the text the engine composed, by its
 * marker lines, and invents nothing: every name and value is a stretch of a sentence it was given.
 *
 * The section and turn parsing here is shared with the `summary` purpose (guided-summary.ts).
 */
import {
  IMPERATIVE_VERBS,
  MODALS,
  MONTHS,
  PERSON_ROLES,
  POLITE_OPENINGS,
  PRIMARY_AUXILIARIES,
  RELATIVE_DAYS,
  THING_KINDS,
  WEEKDAYS,
  WH_WORDS,
} from './lexicon.js';
import { sentences } from './text.js';

/** The section markers of a distil request, each at the start of its own line. */
export const DISTIL_MARKERS = {
  kinds: 'Subject kinds you may use:',
  known: 'Facts already known:',
  leaving: 'Turns leaving the context:',
  later: 'Later turns, for the latest values:',
} as const;

/** One fact as the distil answer carries it. */
export interface DistilledFact {
  subject: string;
  name: string;
  value: string;
  said: 'person' | 'model';
}

/** The most facts one distil answer carries. */
export const MAX_FACTS = 12;

/**
 * Splits composed text into sections by marker lines. A section runs from its marker to the next one;
 * text after a marker on its own line belongs to the section. Text before the first marker (the task
 * in plain words) is ignored; a missing section is absent from the map, which callers read as empty.
 */
export function parseSections(text: string, markers: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const marker = markers.find((m) => line.toLowerCase().startsWith(m.toLowerCase()));
    if (marker !== undefined) {
      current = [];
      found.set(marker, current);
      const rest = line.slice(marker.length).trim();
      if (rest !== '') current.push(rest);
    } else if (current !== undefined) {
      current.push(raw.trimEnd());
    }
  }
  return found;
}

/** One turn as the engine writes it: the person's prompt, the tool calls, the assistant's reply. */
export interface ComposedTurn {
  person: string;
  toolCalls: { tool: string; arguments: Record<string, unknown> }[];
  assistant: string;
}

function parseToolCall(text: string): { tool: string; arguments: Record<string, unknown> } {
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  const tool = space < 0 ? trimmed : trimmed.slice(0, space);
  const rest = space < 0 ? '' : trimmed.slice(space + 1).trim();
  try {
    const parsed: unknown = JSON.parse(rest);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { tool, arguments: parsed as Record<string, unknown> };
    }
  } catch {
    // Not JSON: keep the raw text, so a command or path written plainly is still named.
  }
  return { tool, arguments: rest === '' ? {} : { text: rest } };
}

/**
 * Parses `Turn N` blocks with `person:`, `tool call:` and `assistant:` lines. A line with no label
 * continues the field before it, so a prompt of several lines stays whole. `- none` gives no turns.
 */
export function parseTurns(lines: readonly string[]): ComposedTurn[] {
  const turns: ComposedTurn[] = [];
  let turn: ComposedTurn | undefined;
  let field: 'person' | 'assistant' | undefined;
  for (const raw of lines) {
    const line = raw.trim();
    if (/^turn\s+\d+\b/i.test(line)) {
      turn = { person: '', toolCalls: [], assistant: '' };
      turns.push(turn);
      field = undefined;
      continue;
    }
    if (turn === undefined) continue;
    const labelled = /^(person|assistant|tool call):\s?(.*)$/i.exec(line);
    if (labelled) {
      const label = (labelled[1] ?? '').toLowerCase();
      const content = labelled[2] ?? '';
      if (label === 'tool call') {
        turn.toolCalls.push(parseToolCall(content));
        field = undefined;
      } else {
        field = label === 'person' ? 'person' : 'assistant';
        turn[field] = turn[field] === '' ? content : `${turn[field]}\n${content}`;
      }
    } else if (field !== undefined && line !== '') {
      turn[field] = `${turn[field]}\n${line}`;
    }
  }
  return turns;
}

/** The `- <item>` lines of a section, without the dash; `- none` is no item. */
export function listItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const raw of lines) {
    const match = /^\s*[-*]\s+(.*)$/.exec(raw);
    const item = match?.[1]?.trim();
    if (item && item.toLowerCase() !== 'none') items.push(item);
  }
  return items;
}

/** The subject kinds offered: the `<kind>` of each `- <kind>: <description>` line. */
export function parseKinds(lines: readonly string[]): Set<string> {
  const kinds = new Set<string>();
  for (const item of listItems(lines)) {
    const kind = /^([\w-]+)\s*:/.exec(item)?.[1];
    if (kind) kinds.add(kind.toLowerCase());
  }
  return kinds;
}

/** The facts already known, from `- <subject> <name>: <value>` lines. */
export function parseKnown(lines: readonly string[]): Omit<DistilledFact, 'said'>[] {
  const known: Omit<DistilledFact, 'said'>[] = [];
  for (const item of listItems(lines)) {
    const match = /^([\w-]+)\s+(.+?):\s+(.*)$/.exec(item);
    if (match?.[1] && match[2] && match[3] !== undefined) {
      known.push({ subject: match[1].toLowerCase(), name: match[2].trim(), value: match[3].trim() });
    }
  }
  return known;
}

// --- Statements -------------------------------------------------------------------------------------

/** A statement as read from one sentence, before its subject kind is checked against those offered. */
interface Statement {
  subject: string;
  name: string;
  value: string;
}

/** A pattern that finds any of `list` as a whole word (with a plural `s` when `plural`). */
function anyWord(list: Iterable<string>, flags = 'i', plural = false): RegExp {
  return new RegExp(`\\b(?:${[...list].join('|')})${plural ? 's?' : ''}\\b`, flags);
}

/** A word with its first letter in upper case: month names are told from "may" by their capital. */
const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

const WEEKDAY = anyWord([...WEEKDAYS, ...RELATIVE_DAYS]);
const MONTH = anyWord([...MONTHS].map(capitalised), '');
const NUMERIC_DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;

/** True when a value is (short and) a date, a weekday or a month. */
export function isDateValue(value: string): boolean {
  const count = value.split(/\s+/).filter(Boolean).length;
  return count <= 6 && (WEEKDAY.test(value) || MONTH.test(value) || NUMERIC_DATE.test(value));
}

const PERSON_VALUE = /^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){1,2}$/u;
const PERSON_NAME_WORDS = anyWord(PERSON_ROLES, 'i', true);
// A name for a thing, whose two-word capitalised value is a name of that thing, not of a person.
const THING_NAME_WORDS = anyWord(THING_KINDS);
const PREFERENCE_WORDS = /\b(?:prefer|prefers|preferred|likes|would like|want|wants|wanted)\b/i;
const DECISION_WORDS = /\b(?:decided|decide|we will|we'll|let us|let's|plan to|plans to|planned to)\b/i;

/** The subject kind of a statement, by the rules of its value, name and wording. */
export function chooseSubject(sentence: string, name: string, value: string): string {
  if (isDateValue(value)) return 'date';
  if (PERSON_NAME_WORDS.test(name)) return 'person';
  if (PERSON_VALUE.test(value) && !THING_NAME_WORDS.test(name)) return 'person';
  if (PREFERENCE_WORDS.test(sentence)) return 'preference';
  if (DECISION_WORDS.test(sentence)) return 'decision';
  return 'entity';
}

// Openings that carry no fact themselves: "Note that", "By the way,", "Actually,".
const LEAD_IN =
  /^(?:(?:please\s+)?(?:note|remember|keep in mind|be aware)(?:\s+that)?[,:]?|fyi[,:]?|for the record[,:]?|just so you know[,:]?|by the way[,:]?|btw[,:]?|also[,:]?|actually[,:]?|and[,:]?|so[,:]?|oh[,:]?)\s+/i;

const QUESTION_START = new RegExp(
  `^${anyWord([...WH_WORDS, ...PRIMARY_AUXILIARIES, ...MODALS]).source}`,
  'i',
);

const REQUEST_START = new RegExp(
  `^(?:${anyWord([...POLITE_OPENINGS, ...IMPERATIVE_VERBS]).source}|(?:can|could|would|will) you\\b|let me know\\b)`,
  'i',
);

const DETERMINER = /^(?:the|our|my|a|an|your)\s+/i;
const NOT_A_NAME = new Set(
  'it this that these those there here he she they i we you what who which how where when why everything something nothing all one'.split(
    ' ',
  ),
);

// The verbs that join a name to its value; the earliest in the sentence splits it, and at one place
// the longer phrase wins ("is now" over "is").
const LINK =
  /^(.+?)\s+(?:is now|are now|is still|is set to|has moved to|has changed to|moved to|changed to|runs in|runs on|runs at|lives in|lives at|sits in|stands for|is|are|was|were|runs|holds|has|uses|prefers|likes|wants|becomes|became|means|costs|takes)\s+(.+)$/i;

const PLAN =
  /^(?:we|i|the team|our team)\s+(?:have\s+|'ve\s+|are\s+|am\s+)?(?:decided to|decide to|plan to|planned to|planning to|agreed to|will|are going to|going to)\s+(.+)$/i;
const PLAN_SHORT = /^(?:we'll|i'll|let us|let's)\s+(.+)$/i;
const PREFER = /^(?:we|i)\s+(?:would like|'d like|prefer|like|want)\s+(.+)$/i;
// "ship the release on Friday": the deed and its date.
const DEED_ON_DATE = /^(.+?)\s+(?:on|by|before|in|for|next|this|at)\s+(.+)$/i;

function cleanName(raw: string): string | undefined {
  const name = raw.trim().replace(DETERMINER, '').replace(/\s+/g, ' ').toLowerCase();
  const first = name.split(' ')[0] ?? '';
  if (name === '' || NOT_A_NAME.has(first) || /[,;:()"]/.test(name)) return undefined;
  if (name.split(' ').length > 6) return undefined;
  return name;
}

function cleanValue(raw: string): string {
  return raw
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
}

/** A sentence that only states: no question, no request, no bare acknowledgement. */
function statementBody(sentence: string): string | undefined {
  let body = sentence.trim();
  // A line the engine cut to its share ends in `...`: its last value may be partial, so it is left.
  if (body.endsWith('?') || /(?:\.\.\.|…)$/.test(body)) return undefined;
  for (let previous = ''; previous !== body;) {
    previous = body;
    body = body.replace(LEAD_IN, '');
  }
  if (QUESTION_START.test(body) || REQUEST_START.test(body)) return undefined;
  return body.replace(/[.!]+$/, '').trim();
}

/** The statement one sentence makes, or undefined when it makes none the reader can take apart. */
export function readStatement(sentence: string): Statement | undefined {
  const body = statementBody(sentence);
  if (!body) return undefined;
  const plan = PLAN.exec(body) ?? PLAN_SHORT.exec(body);
  if (plan?.[1]) {
    const deed = cleanValue(plan[1]);
    const dated = DEED_ON_DATE.exec(deed);
    if (dated?.[1] && dated[2] && isDateValue(dated[2])) {
      const name = cleanName(dated[1]);
      if (name) return { subject: 'date', name, value: cleanValue(dated[2]) };
    }
    const name = cleanName(deed);
    return name ? { subject: chooseSubject(body, name, deed), name, value: deed } : undefined;
  }
  const preference = PREFER.exec(body);
  if (preference?.[1]) {
    const liked = cleanValue(preference[1]);
    const name = cleanName(liked);
    return name ? { subject: 'preference', name, value: liked } : undefined;
  }
  const link = LINK.exec(body);
  if (!link?.[1] || !link[2]) return undefined;
  const name = cleanName(link[1]);
  const value = cleanValue(link[2]);
  if (!name || value === '') return undefined;
  return { subject: chooseSubject(body, name, value), name, value };
}

/** Every statement the person makes in `turns`, in order. */
function personStatements(turns: readonly ComposedTurn[]): Statement[] {
  const found: Statement[] = [];
  for (const turn of turns) {
    for (const sentence of sentences(turn.person)) {
      const statement = readStatement(sentence);
      if (statement) found.push(statement);
    }
  }
  return found;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The distil answer for one composed request text. */
export function distil(text: string): { facts: DistilledFact[] } {
  const markers = Object.values(DISTIL_MARKERS);
  const sections = parseSections(text, markers);
  const section = (marker: string) => sections.get(marker) ?? [];
  const kinds = parseKinds(section(DISTIL_MARKERS.kinds));
  const known = parseKnown(section(DISTIL_MARKERS.known));
  const leaving = personStatements(parseTurns(section(DISTIL_MARKERS.leaving)));
  const later = personStatements(parseTurns(section(DISTIL_MARKERS.later)));

  // The latest value of each name: a restatement later in the leaving turns, then in the later turns.
  const latest = new Map<string, string>();
  for (const statement of [...leaving, ...later]) latest.set(statement.name, statement.value);

  const facts: DistilledFact[] = [];
  const seen = new Set<string>();
  for (const statement of leaving) {
    if (seen.has(statement.name)) continue;
    seen.add(statement.name);
    if (!kinds.has(statement.subject)) continue;
    const value = latest.get(statement.name) ?? statement.value;
    const isKnown = known.some(
      (fact) =>
        same(fact.subject, statement.subject) && same(fact.name, statement.name) && same(fact.value, value),
    );
    if (isKnown) continue;
    facts.push({ subject: statement.subject, name: statement.name, value, said: 'person' });
    if (facts.length >= MAX_FACTS) break;
  }
  return { facts };
}
