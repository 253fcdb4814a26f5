/**
 * Requests to change a file, read from the sentence's structure: a request (an imperative, or "can
 * you …", "please …") whose verb changes something (change, replace, set, rename, …), whose object
 * is in a file the sentence names by path, and whose values it states: "from A to B", "A with B",
 * "X to B". The reader edits only a line it has read that holds the old value, so it never edits
 * blind, and says so when no line it read does.
 */
import type { Message } from '../../../engine/index.js';
import { stringArgument } from './message-views.js';
import type { Act } from './message-views.js';
import { isErrorOutput, pagingOffset } from './outputs.js';
import {
  ARTICLES,
  CHANGE_VERBS,
  DIRECTIVE_OPENINGS,
  FILE_PREPOSITIONS,
  GOAL_PREPOSITIONS,
  OPENING_PLACE_PREPOSITIONS,
  POLITE_INTERJECTIONS,
  POLITE_OPENINGS,
  RENAMING_VERBS,
  REPLACEMENT_PREPOSITIONS,
  REPLACING_VERBS,
  REQUEST_ASKING_PHRASES,
  REQUEST_LEAD_WORDS,
  SETTING_NOUNS,
  SETTING_VERBS,
  SOURCE_PREPOSITIONS,
  THING_POSSESSIVES,
} from './lexicon.js';
import { Phrases, spaceAfter } from './phrases.js';
import { contentStems, findPaths, sentences } from './text.js';

/** Verbs that ask for a change to what a file says. */
const EDIT_VERBS = new Phrases(CHANGE_VERBS);

// Politeness and sequencing before the verb, and the ways of asking someone to do a thing.
const LEAD_WORDS = new Phrases([...POLITE_OPENINGS, ...REQUEST_LEAD_WORDS]);
const ASKING = new Phrases(REQUEST_ASKING_PHRASES);
const PLEASE = new Phrases(POLITE_INTERJECTIONS);
const DIRECTIVES = new Phrases(DIRECTIVE_OPENINGS);

const OPENING_PLACE = new Phrases(OPENING_PLACE_PREPOSITIONS);
const FILE_PREPOSITION = new Phrases(FILE_PREPOSITIONS);
const SOURCE = new Phrases(SOURCE_PREPOSITIONS);
const GOAL = new Phrases(GOAL_PREPOSITIONS);
const REPLACEMENT = new Phrases(REPLACEMENT_PREPOSITIONS);
const SUBJECT_DETERMINERS = new Phrases([...ARTICLES, ...THING_POSSESSIVES]);
const SETTING_NOUN = new Phrases(SETTING_NOUNS);

const isSpace = (character: string | undefined) => character !== undefined && character.trim() === '';

/**
 * The change verb a sentence asks for and the text after it: the verb opens the sentence, after any
 * politeness and sequencing words ("ok, then please"), and an asking ("could you please", "I need
 * you to", "let's").
 */
function requested(text: string): { verb: string; rest: string } | undefined {
  let at = 0;
  for (;;) {
    // Each lead word is followed by white space or commas.
    const lead = LEAD_WORDS.writtenAt(text, at)[0];
    if (lead === undefined) break;
    let next = lead.end;
    while (text[next] === ',' || isSpace(text[next])) next++;
    if (next === lead.end) break;
    at = next;
  }
  const asked = ASKING.nextAt(text, at)[0];
  if (asked !== undefined) at = PLEASE.nextAt(text, asked)[0] ?? asked;
  else at = DIRECTIVES.nextAt(text, at)[0] ?? at;
  const verb = EDIT_VERBS.writtenAt(text, at)[0];
  if (verb === undefined) return undefined;
  const rest = spaceAfter(text, verb.end);
  return rest > verb.end ? { verb: verb.phrase, rest: text.slice(rest) } : undefined;
}

/**
 * The places a value a request writes at `at` may end: in backticks or quotes, then as one bare word
 * or number (which may hold quotes of its own).
 */
function valueEnds(text: string, at: number): number[] {
  const ends: number[] = [];
  const quote = text[at];
  if (quote === '`' || quote === '"' || quote === "'") {
    const close = text.indexOf(quote, at + 1);
    if (close > at + 1) ends.push(close + 1);
  }
  let bare = at;
  while (bare < text.length && !isSpace(text[bare])) bare++;
  if (bare > at) ends.push(bare);
  return ends;
}

/** The value written at `at`, read as far as the request lets it go, and where it ends. */
function valueAt(text: string, at: number): { value: string; end: number } | undefined {
  const end = valueEnds(text, at)[0];
  return end === undefined ? undefined : { value: text.slice(at, end), end };
}

/** The new value after one of `joiners` written at `at` and white space: "to 5", "with `b`". */
function joined(joiners: Phrases, text: string, at: number): string | undefined {
  for (const next of joiners.nextAt(text, at)) {
    const value = valueAt(text, next);
    if (value !== undefined) return value.value;
  }
  return undefined;
}

/** "X from A to B": the subject before "from", the old value and the new. */
function fromTo(rest: string): { subject: string; from: string; to: string } | undefined {
  for (const source of SOURCE.written(rest)) {
    const old = spaceAfter(rest, source.end);
    if (old === source.end) continue;
    for (const end of valueEnds(rest, old)) {
      const next = spaceAfter(rest, end);
      const to = next > end ? joined(GOAL, rest, next) : undefined;
      if (to !== undefined)
        return { subject: rest.slice(0, source.start).trimEnd(), from: rest.slice(old, end), to };
    }
  }
  return undefined;
}

/** "A to B", "A with B": a value as the object, then the joiner and the new value. */
function objectTo(joiners: Phrases, rest: string): { object: string; to: string } | undefined {
  for (const end of valueEnds(rest, 0)) {
    const next = spaceAfter(rest, end);
    const to = next > end ? joined(joiners, rest, next) : undefined;
    if (to !== undefined) return { object: rest.slice(0, end), to };
  }
  return undefined;
}

/** "the pump time to 15.": any words as the object, then the joiner and a new value that ends the sentence. */
function phraseTo(joiners: Phrases, rest: string): { object: string; to: string } | undefined {
  for (const joiner of joiners.written(rest)) {
    let spaceStart = joiner.start;
    while (spaceStart > 1 && isSpace(rest[spaceStart - 1])) spaceStart--;
    const next = spaceAfter(rest, joiner.end);
    if (spaceStart === joiner.start || next === joiner.end) continue;
    for (const end of valueEnds(rest, next)) {
      const tail = rest.slice(end).trimStart();
      if (tail === '' || tail === '.' || tail === '!')
        return { object: rest.slice(0, spaceStart), to: rest.slice(next, end) };
    }
  }
  return undefined;
}

/** The text before a file's path without the preposition that places the change in it ("in", "of"). */
function withoutFilePreposition(before: string): string {
  const last = FILE_PREPOSITION.written(before).at(-1);
  if (last === undefined) return before;
  const tail = before.slice(last.end).trimStart();
  if (tail !== '' && tail !== '`' && tail !== '"' && tail !== "'") return before;
  return before.slice(0, last.start).trimEnd();
}

/** "In src/a.js, change …": the word after the opening preposition, and where the request goes on. */
function openingPlace(text: string): { word: string; end: number } | undefined {
  const start = OPENING_PLACE.nextAt(text, 0)[0];
  if (start === undefined) return undefined;
  let end = start;
  while (end < text.length && !isSpace(text[end])) end++;
  const next = spaceAfter(text, end);
  if (end - start < 2 || text[end - 1] !== ',' || next === end) return undefined;
  return { word: text.slice(start, end - 1), end: next };
}

/** A requested change to one file. */
export interface EditRequest {
  path: string;
  verb: string;
  /** What the change is about, as the request names it ("MAX_RETRIES", "the port"), if it does. */
  subject?: string;
  /** The text to change, when the request states it. */
  from?: string;
  to: string;
}

/** A value without its quotes, or a bare word without the punctuation that ends its sentence. */
function unquote(value: string): string {
  const quoted = /^(`|"|')(.*)\1$/s.exec(value);
  if (quoted) return quoted[2] ?? '';
  return value.replace(/[.,;:!?)]+$/, '');
}

/** True for a name as code writes it: in backticks or quotes, with `_`, camelCase, or upper case. */
export function isIdentifier(text: string): boolean {
  return (
    /^[`"']/.test(text) || (/^[A-Za-z_$][\w$.-]*$/.test(text) && /_|[a-z][A-Z]|^[A-Z][A-Z0-9]+$/.test(text))
  );
}

/** The edit one sentence asks for, or undefined when it asks for none. */
export function editInSentence(sentence: string): EditRequest | undefined {
  let text = sentence.trim();
  // "In src/a.js, change 3 to 4": the file first, set off by a comma.
  const opening = openingPlace(text);
  const openingPath = opening ? findPaths(opening.word)[0]?.path : undefined;
  if (openingPath !== undefined) text = text.slice(opening?.end ?? 0);
  const match = requested(text);
  if (!match) return undefined;
  const verb = match.verb;
  let rest = match.rest;
  const paths = findPaths(rest);
  let path: string;
  if (openingPath !== undefined) {
    if (paths.length !== 0) return undefined;
    path = openingPath;
  } else {
    if (paths.length !== 1) return undefined;
    const mention = paths[0] as { path: string; index: number };
    path = mention.path;
    // The file is where the change goes: "in path", "of path"; the phrase leaves the rest.
    const before = withoutFilePreposition(rest.slice(0, mention.index));
    const after = rest.slice(mention.index).replace(/^\S+/, '');
    rest = `${before} ${after}`.replace(/\s+/g, ' ').trim();
  }
  const change = fromTo(rest);
  if (change) {
    const subject = cleanSubject(change.subject);
    return {
      path,
      verb,
      ...(subject ? { subject } : {}),
      from: unquote(change.from),
      to: unquote(change.to),
    };
  }
  const joiners = REPLACING_VERBS.has(verb) ? REPLACEMENT : GOAL;
  const valueFirst = objectTo(joiners, rest);
  const phraseFirst = phraseTo(joiners, rest);
  const object = valueFirst?.object ?? phraseFirst?.object;
  const to = valueFirst?.to ?? phraseFirst?.to;
  if (object === undefined || to === undefined) return undefined;
  const subject = cleanSubject(object);
  if (!subject) return undefined;
  // "Replace A with B", "rename A to B" and "change 3 to 4" name the old text; "set X to B" names
  // what holds it.
  const namesOld =
    REPLACING_VERBS.has(verb) ||
    RENAMING_VERBS.has(verb) ||
    (!SETTING_VERBS.has(verb) && valueFirst !== undefined && /^(?:["']|[-+]?\d)/.test(subject));
  return namesOld
    ? { path, verb, subject: unquote(subject), from: unquote(subject), to: unquote(to) }
    : { path, verb, subject, to: unquote(to) };
}

/** The object of the verb without the article and filler around it ("the", "its"; "value", "line"). */
function cleanSubject(text: string): string {
  let subject = text.trim();
  const determiner = SUBJECT_DETERMINERS.nextAt(subject, 0)[0];
  if (determiner !== undefined) subject = subject.slice(determiner);
  const noun = SETTING_NOUN.written(subject).at(-1);
  if (noun !== undefined && noun.end === subject.length && isSpace(subject[noun.start - 1]))
    subject = subject.slice(0, noun.start);
  return subject.trim();
}

/** The edit a prompt asks for: the first of its sentences that asks for one. */
export function editRequest(prompt: string): EditRequest | undefined {
  // Only prompts with a change verb are parsed sentence by sentence.
  if (EDIT_VERBS.written(prompt).length === 0) return undefined;
  for (const sentence of sentences(prompt)) {
    const edit = editInSentence(sentence);
    if (edit) return edit;
  }
  return undefined;
}

/** True when a sentence asks for an edit: it states nothing about what is so. */
export function isEditRequest(sentence: string): boolean {
  return editInSentence(sentence) !== undefined;
}

const samePath = (a: string, b: string) => a.replace(/^\.\//, '') === b.replace(/^\.\//, '');

/**
 * The lines of `path` as the visible read_file results show them, by line number, from the reads
 * since the last change the model made to it (an earlier read is stale); undefined when none shows.
 */
export function linesRead(messages: readonly Message[], path: string): Map<number, string> | undefined {
  const calls = new Map<string, { tool: string; arguments: Record<string, unknown> }>();
  let lines: Map<number, string> | undefined;
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) calls.set(call.callId, call);
      continue;
    }
    if (message.role !== 'tool') continue;
    const call = calls.get(message.callId);
    const callPath = call === undefined ? undefined : stringArgument(call.arguments, 'path');
    if (callPath === undefined || !samePath(callPath, path) || isErrorOutput(message.content)) continue;
    if (message.tool === 'edit_file') {
      lines = undefined;
    } else if (message.tool === 'read_file') {
      lines ??= new Map();
      for (const line of message.content.split('\n')) {
        const numbered = /^\s*(\d+)\t(.*)$/.exec(line);
        if (numbered && !numbered[2]?.endsWith(' [line cut]'))
          lines.set(Number(numbered[1]), numbered[2] ?? '');
      }
    }
  }
  return lines !== undefined && lines.size > 0 ? lines : undefined;
}

/** True when the last visible page of `path` says the file goes on. */
export function readGoesOn(messages: readonly Message[], path: string): number | undefined {
  const calls = new Map<string, Record<string, unknown>>();
  let offset: number | undefined;
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) calls.set(call.callId, call.arguments);
    } else if (message.role === 'tool' && message.tool === 'read_file') {
      const callPath = stringArgument(calls.get(message.callId) ?? {}, 'path');
      if (callPath !== undefined && samePath(callPath, path)) offset = pagingOffset(message.content);
    }
  }
  return offset;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` where it stands whole: not inside a longer word or number ("1.5" is not in "1.55"). */
function whole(text: string): RegExp {
  return new RegExp(`(?<![\\w.$])${escape(text)}(?![\\w$]|\\.\\w)`, 'g');
}

/** What the reader does about an edit once it has read the file: the calls, or why it cannot. */
export type EditPlan = { calls: Act['toolCalls'] } | { refusal: string };

/**
 * The edit calls for `edit` on the lines read: each line that holds the old value (and the subject,
 * when the request names one as code does) is replaced whole by itself with the value changed, so
 * the text to replace is one the reader has seen. A change that fits more than one line is refused
 * unless it is a rename, which changes every one.
 */
export function planEdit(edit: EditRequest, lines: ReadonlyMap<number, string>): EditPlan {
  const entries = [...lines.entries()].sort((a, b) => a[0] - b[0]);
  const subjectIsCode = edit.subject !== undefined && isIdentifier(edit.subject);
  const subject = edit.subject === undefined ? undefined : edit.subject.replace(/^[`"']|[`"']$/g, '');
  const holdsSubject = (line: string) =>
    subject === undefined ||
    (subjectIsCode
      ? line.includes(subject)
      : contentStems(subject).some((stem) => contentStems(line).includes(stem)));
  let found: { number: number; line: string; changed: string }[];
  if (edit.from !== undefined) {
    const from = edit.from;
    const withValue = entries.filter(([, line]) => whole(from).test(line));
    // Named as code, the subject must be on the line; named in words, it only chooses between lines.
    const withSubject = withValue.filter(([, line]) => holdsSubject(line));
    const chosen = subjectIsCode || edit.from === subject || withSubject.length > 0 ? withSubject : withValue;
    found = chosen.map(([number, line]) => ({
      number,
      line,
      changed: line.replace(whole(from), () => edit.to),
    }));
  } else {
    // "Set X to B": the value X is given on its line, after `=` or `:`.
    found = [];
    if (subject !== undefined && (subjectIsCode || /^[\w$.-]+$/.test(subject))) {
      const assigned = new RegExp(`(${escape(subject)}["'\`]?\\s*[:=]\\s*)("[^"]*"|'[^']*'|[^\\s,;]+)`);
      for (const [number, line] of entries) {
        const match = assigned.exec(line);
        if (!match) continue;
        const old = match[2] ?? '';
        const quote = /^["']/.test(old) && !/^["']/.test(edit.to) ? old[0] : '';
        const value = `${quote}${edit.to}${quote}`;
        found.push({ number, line, changed: line.replace(assigned, (_, head: string) => `${head}${value}`) });
      }
    }
  }
  const what = edit.from !== undefined ? `\`${edit.from}\`` : `\`${subject ?? edit.to}\``;
  const onLines =
    subject !== undefined && edit.from !== undefined && subject !== edit.from ? ` with ${subject}` : '';
  if (found.length === 0) {
    return { refusal: `I can't make that change: no line I read of ${edit.path} holds ${what}${onLines}.` };
  }
  const distinct = found.filter((f) => f.changed !== f.line);
  if (distinct.length === 0) return { refusal: `${edit.path} already says \`${edit.to}\` there.` };
  if (distinct.length > 1 && !RENAMING_VERBS.has(edit.verb)) {
    const numbers = distinct.map((f) => f.number).join(', ');
    return {
      refusal: `I didn't change ${edit.path}: ${what}${onLines} is on lines ${numbers}; say which one to change.`,
    };
  }
  return {
    calls: distinct.map((f) => ({
      tool: 'edit_file',
      arguments: { path: edit.path, mode: 'replace', old: f.line, text: f.changed },
    })),
  };
}
