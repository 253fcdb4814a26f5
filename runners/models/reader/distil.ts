/**
 * The reader's guided `distil`: facts taken from the person's plain statements in the turns leaving the
 * context, with the latest value a later turn gives. It reads only the text the engine composed, by its
 * marker lines, and invents nothing: every name and value is a stretch of a sentence it was given.
 *
 * The section and turn parsing here is shared with the `summary` purpose (guided-summary.ts).
 */
import {
  ARTICLES,
  ATTENTION_PHRASES,
  COLLECTIVE_SUBJECTS,
  DECISION_PHRASES,
  DECLARATIVE_COMPLEMENTISERS,
  DISCOURSE_MARKERS,
  FIRST_PERSON_SUBJECTS,
  IMPERATIVE_VERBS,
  LINKING_PHRASES,
  MODALS,
  MONTHS,
  NON_NAME_WORDS,
  PERSON_ROLES,
  PLAN_AUXILIARIES,
  PLAN_OPENINGS,
  PLAN_PHRASES,
  POLITE_INTERJECTIONS,
  POLITE_OPENINGS,
  PREFERENCE_PHRASES,
  PREFERRING_PHRASES,
  PRIMARY_AUXILIARIES,
  RELATIVE_DAYS,
  REPORT_BACK_PHRASES,
  REQUEST_ASKING_PHRASES,
  SPEAKER_LISTENER_POSSESSIVES,
  THING_KINDS,
  TIME_LINKS,
  WEEKDAYS,
  WH_WORDS,
} from './lexicon.js';
import { Phrases, oneLine, spaceAfter } from './phrases.js';
import { endsAsking, sentences } from './text.js';

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

/** True when `text` writes any of `phrases` (see `Phrases.written`). */
const writes = (phrases: Phrases, text: string) => phrases.written(text).length > 0;

/** A word with its first letter in upper case: month names are told from "may" by their capital. */
const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

const DAYS = new Phrases([...WEEKDAYS, ...RELATIVE_DAYS]);
const MONTH_NAMES = new Phrases(MONTHS);
const NUMERIC_DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;

/** True when a value is (short and) a date, a weekday or a month (written with its capital). */
export function isDateValue(value: string): boolean {
  const count = value.split(/\s+/).filter(Boolean).length;
  const month = MONTH_NAMES.written(value).some(
    (hit) => value.slice(hit.start, hit.end) === capitalised(hit.phrase),
  );
  return count <= 6 && (writes(DAYS, value) || month || NUMERIC_DATE.test(value));
}

const PERSON_VALUE = /^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){1,2}$/u;
// A role, or roles: "the owner", "the maintainers".
const PERSON_NAME_WORDS = new Phrases([...PERSON_ROLES].flatMap((role) => [role, `${role}s`]));
// A name for a thing, whose two-word capitalised value is a name of that thing, not of a person.
const THING_NAME_WORDS = new Phrases(THING_KINDS);
const PREFERENCE_WORDS = new Phrases(PREFERENCE_PHRASES);
const DECISION_WORDS = new Phrases(DECISION_PHRASES);

/** The subject kind of a statement, by the rules of its value, name and wording. */
export function chooseSubject(sentence: string, name: string, value: string): string {
  if (isDateValue(value)) return 'date';
  if (writes(PERSON_NAME_WORDS, name)) return 'person';
  if (PERSON_VALUE.test(value) && !writes(THING_NAME_WORDS, name)) return 'person';
  if (writes(PREFERENCE_WORDS, sentence)) return 'preference';
  if (writes(DECISION_WORDS, sentence)) return 'decision';
  return 'entity';
}

/**
 * A trimmed text parted at the first of `phrases` that stands between white space with text on both
 * sides, each side one line; where several start at one place, the longest. Undefined when none does.
 */
function partedAt(phrases: Phrases, text: string): [string, string] | undefined {
  for (const hit of phrases.written(text)) {
    let spaceStart = hit.start;
    while (spaceStart > 1 && text[spaceStart - 1]!.trim() === '') spaceStart--;
    const next = spaceAfter(text, hit.end);
    if (spaceStart === hit.start || next === hit.end) continue;
    const before = oneLine(text.slice(0, spaceStart));
    const rest = oneLine(text.slice(next));
    if (before === undefined) return undefined;
    if (rest !== undefined) return [before, rest];
  }
  return undefined;
}

const PLEASE = new Phrases(POLITE_INTERJECTIONS);
const ATTENTION = new Phrases(ATTENTION_PHRASES);
const THAT = new Phrases(DECLARATIVE_COMPLEMENTISERS);
const MARKERS = new Phrases(DISCOURSE_MARKERS);

/**
 * `body` without the opening that carries no fact ("Note that", "By the way,", "Actually,") and the
 * white space after it, or `body` itself when it opens with none.
 */
function withoutLeadIn(body: string): string {
  // "(please) note (that)" or a discourse marker, then a comma or colon if any, then white space.
  const ends: number[] = [];
  for (const from of [...PLEASE.nextAt(body, 0), 0]) {
    for (const hit of ATTENTION.writtenAt(body, from)) {
      ends.push(
        ...THAT.writtenAt(body, spaceAfter(body, hit.end))
          .filter((that) => that.start > hit.end)
          .map((that) => that.end),
      );
      ends.push(hit.end);
    }
  }
  ends.push(...MARKERS.writtenAt(body, 0).map((hit) => hit.end));
  for (const end of ends) {
    const mark = body[end] === ',' || body[end] === ':' ? end + 1 : end;
    const next = spaceAfter(body, mark);
    if (next > mark) return body.slice(next);
  }
  return body;
}

const QUESTION_START = new Phrases([...WH_WORDS, ...PRIMARY_AUXILIARIES, ...MODALS]);

const REQUEST_START = new Phrases([
  ...POLITE_OPENINGS,
  ...IMPERATIVE_VERBS,
  ...REQUEST_ASKING_PHRASES,
  ...REPORT_BACK_PHRASES,
]);

const DETERMINERS = new Phrases([...ARTICLES, ...SPEAKER_LISTENER_POSSESSIVES]);

const LINKS = new Phrases(LINKING_PHRASES);
const PLANNERS = new Phrases([...FIRST_PERSON_SUBJECTS, ...COLLECTIVE_SUBJECTS]);
const PLAN_AUXILIARY = new Phrases(PLAN_AUXILIARIES);
const PLANS = new Phrases(PLAN_PHRASES);
const PLAN_START = new Phrases(PLAN_OPENINGS);
const PREFERRERS = new Phrases(FIRST_PERSON_SUBJECTS);
const PREFERRING = new Phrases(PREFERRING_PHRASES);
// "ship the release on Friday": the deed and its date.
const TIME_LINK = new Phrases(TIME_LINKS);

/** The plan a statement lays: what follows "we decided to", "the team will", "let's". */
function plan(body: string): string | undefined {
  for (const planner of PLANNERS.nextAt(body, 0)) {
    for (const from of [...PLAN_AUXILIARY.nextAt(body, planner), planner]) {
      for (const rest of PLANS.nextAt(body, from)) {
        const deed = oneLine(body.slice(rest));
        if (deed !== undefined) return deed;
      }
    }
  }
  for (const rest of PLAN_START.nextAt(body, 0)) {
    const deed = oneLine(body.slice(rest));
    if (deed !== undefined) return deed;
  }
  return undefined;
}

/** What a statement says the speaker likes: what follows "I would like", "we prefer". */
function preference(body: string): string | undefined {
  for (const speaker of PREFERRERS.nextAt(body, 0)) {
    for (const rest of PREFERRING.nextAt(body, speaker)) {
      const liked = oneLine(body.slice(rest));
      if (liked !== undefined) return liked;
    }
  }
  return undefined;
}

function cleanName(raw: string): string | undefined {
  let trimmed = raw.trim();
  const determiner = DETERMINERS.nextAt(trimmed, 0)[0];
  if (determiner !== undefined) trimmed = trimmed.slice(determiner);
  const name = trimmed.replace(/\s+/g, ' ').toLowerCase();
  const first = name.split(' ')[0] ?? '';
  if (name === '' || NON_NAME_WORDS.has(first) || /[,;:()"]/.test(name)) return undefined;
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
  if (endsAsking(body) || /(?:\.\.\.|…)$/.test(body)) return undefined;
  for (let previous = ''; previous !== body;) {
    previous = body;
    body = withoutLeadIn(body);
  }
  if (QUESTION_START.writtenAt(body, 0).length > 0 || REQUEST_START.writtenAt(body, 0).length > 0)
    return undefined;
  return body.replace(/[.!]+$/, '').trim();
}

/** The statement one sentence makes, or undefined when it makes none the reader can take apart. */
export function readStatement(sentence: string): Statement | undefined {
  const body = statementBody(sentence);
  if (!body) return undefined;
  const planned = plan(body);
  if (planned) {
    const deed = cleanValue(planned);
    const dated = partedAt(TIME_LINK, deed);
    if (dated?.[0] && dated[1] && isDateValue(dated[1])) {
      const name = cleanName(dated[0]);
      if (name) return { subject: 'date', name, value: cleanValue(dated[1]) };
    }
    const name = cleanName(deed);
    return name ? { subject: chooseSubject(body, name, deed), name, value: deed } : undefined;
  }
  const preferred = preference(body);
  if (preferred) {
    const liked = cleanValue(preferred);
    const name = cleanName(liked);
    return name ? { subject: 'preference', name, value: liked } : undefined;
  }
  const link = partedAt(LINKS, body);
  if (!link?.[0] || !link[1]) return undefined;
  const name = cleanName(link[0]);
  const value = cleanValue(link[1]);
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
