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
import { CHANGE_VERBS, POLITE_OPENINGS, REQUEST_LEAD_WORDS } from './lexicon.js';
import { contentStems, findPaths, sentences } from './text.js';

/** Verbs that ask for a change to what a file says. */
const EDIT_VERBS = [...CHANGE_VERBS].join('|');

// Politeness and sequencing before the verb, and the ways of asking someone to do a thing.
const LEAD = new RegExp(
  `^(?:(?:${[...POLITE_OPENINGS, ...REQUEST_LEAD_WORDS].join('|')})[\\s,]+)*` +
    String.raw`(?:(?:can|could|would|will) you\s+(?:please\s+)?|(?:i(?:'d| would) like you to|i need you to|i want you to|let's|let us)\s+)?`,
  'i',
);

const REQUEST = new RegExp(`${LEAD.source}(${EDIT_VERBS})\\b\\s+(.*)$`, 'is');

/** A value as a request writes it: in backticks or quotes, or one bare word or number. */
const VALUE = String.raw`(\`[^\`]+\`|"[^"]+"|'[^']+'|[^\s]+)`;

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
  const opening = /^in\s+(\S+),\s+/i.exec(text);
  const openingPath = opening ? findPaths(opening[1] ?? '')[0]?.path : undefined;
  if (openingPath !== undefined) text = text.slice(opening?.[0].length ?? 0);
  const match = REQUEST.exec(text);
  if (!match) return undefined;
  const verb = (match[1] ?? '').toLowerCase();
  let rest = match[2] ?? '';
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
    const before = rest.slice(0, mention.index).replace(/\s*\b(?:in|of|inside|within|at)\s*[`"']?$/i, '');
    const after = rest.slice(mention.index).replace(/^\S+/, '');
    rest = `${before} ${after}`.replace(/\s+/g, ' ').trim();
  }
  const fromTo = new RegExp(String.raw`^(.*?)\s*\bfrom\s+${VALUE}\s+(?:to|into)\s+${VALUE}`, 'is').exec(rest);
  if (fromTo) {
    const subject = cleanSubject(fromTo[1] ?? '');
    return {
      path,
      verb,
      ...(subject ? { subject } : {}),
      from: unquote(fromTo[2] ?? ''),
      to: unquote(fromTo[3] ?? ''),
    };
  }
  const joiner = /^(?:replace|substitute|swap)$/.test(verb) ? '(?:with|by|for)' : '(?:to|into)';
  const objectTo = new RegExp(String.raw`^${VALUE}\s+${joiner}\s+${VALUE}`, 'is').exec(rest);
  const phraseTo = new RegExp(String.raw`^(.+?)\s+${joiner}\s+${VALUE}\s*[.!]?$`, 'is').exec(rest);
  const object = objectTo?.[1] ?? phraseTo?.[1];
  const to = objectTo?.[2] ?? phraseTo?.[2];
  if (object === undefined || to === undefined) return undefined;
  const subject = cleanSubject(object);
  if (!subject) return undefined;
  // "Replace A with B", "rename A to B" and "change 3 to 4" name the old text; "set X to B" names
  // what holds it.
  const namesOld =
    /^(?:replace|substitute|swap|rename)$/.test(verb) ||
    (verb !== 'set' && objectTo !== null && /^(?:["']|[-+]?\d)/.test(subject));
  return namesOld
    ? { path, verb, subject: unquote(subject), from: unquote(subject), to: unquote(to) }
    : { path, verb, subject, to: unquote(to) };
}

/** The object of the verb without the article and filler around it. */
function cleanSubject(text: string): string {
  return text
    .trim()
    .replace(/^(?:the|a|an|its)\s+/i, '')
    .replace(/\s+(?:value|setting|constant|line)$/i, '')
    .trim();
}

/** The edit a prompt asks for: the first of its sentences that asks for one. */
export function editRequest(prompt: string): EditRequest | undefined {
  // Only prompts with a change verb are parsed sentence by sentence.
  if (!new RegExp(`\\b(?:${EDIT_VERBS})\\b`, 'i').test(prompt)) return undefined;
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
  if (distinct.length > 1 && edit.verb !== 'rename') {
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
