/**
 * One recogniser per kind of value a question may ask for. Each finds the stretches of a sentence
 * that are a value of its kind ("40 minutes", "07:45", "v2.3.1", "docs/setup.md", "--dry-run",
 * "$HOME", "Ana Petrova", `retryLimit`) and returns them in sentence order.
 *
 * Every pattern here starts only where a word starts and has no quantifier nested inside another
 * that could match the same text, so each runs in time linear in the sentence's length.
 */
import {
  CESSATION_PHRASES,
  CONJUNCTIONS,
  DEFINITE_DETERMINERS,
  DEMONSTRATIVES,
  ENVIRONMENT_WORDS,
  INDEFINITE_DETERMINERS,
  KIND_NOUNS,
  MODALS,
  MONTHS,
  NAME_INTRODUCERS,
  NEGATIONS,
  NEGATING_DETERMINERS,
  NEGATIVE_CLITICS,
  NUMBER_WORDS,
  PARTITIVE_PREPOSITIONS,
  POSITION_NOUNS,
  PRIMARY_AUXILIARIES,
  PRONOUN_NUMBERS,
  VERSION_WORDS,
  WEEKDAYS,
} from './lexicon.js';
import { Phrases, type WordAt } from './phrases.js';
import { asPath, contentStems, endsAsking } from './text.js';
import {
  alternation,
  CLAUSE_MARKS,
  inOrder,
  listedWords,
  spansOf,
  wordsOf,
  type ValueKind,
  type Word,
  type ValueSpan,
} from './value-spans.js';
import { clockSpans, daySpans, durationSpans, timeSpans } from './time-values.js';

export type { ValueKind, ValueSpan };
export { clockSpans, daySpans, durationSpans, timeSpans };

// ---- numbers ----

// Figures, with thousands separated by commas ("12,500") or dotted parts ("3.5", "2.3.1").
// Not the digits of a name ("ext4", "e2label") nor a manual page's section after it ("e2label(8)").
const FIGURES = /(?<![\p{L}\p{N}_])(?<![\p{L}\p{N}_]\()(?:\d{1,3}(?:,\d{3})+(?![\p{N}])|\d+(?:\.\d+)*)/gu;

/** Numbers in figures or in words ("31", "12,500", "twenty-five", "a dozen"). */
export function numberSpans(sentence: string): ValueSpan[] {
  // The sentence's words are split only when a number word that may stand for a thing is there.
  let words: Word[] | undefined;
  const spelled = listedWords(sentence, NUMBER_WORDS, true).filter((span) => {
    if (!PRONOUN_NUMBERS.has(span.text.toLowerCase())) return true;
    words ??= wordsOf(sentence);
    const at = words.findIndex((word) => word.start === span.start);
    return !standsAsPronoun(words[at - 1]?.lower ?? '', words[at + 1]?.lower ?? '');
  });
  return inOrder([...spansOf(sentence, FIGURES), ...spelled]);
}

/**
 * True when a number word between `before` and `after` stands for a thing, not a count: after a
 * determiner ("the one", "this one") or as the subject of a verb ("if one was set").
 */
function standsAsPronoun(before: string, after: string): boolean {
  return (
    DEFINITE_DETERMINERS.has(before) ||
    DEMONSTRATIVES.has(before) ||
    INDEFINITE_DETERMINERS.has(before) ||
    PRIMARY_AUXILIARIES.has(after) ||
    MODALS.has(after)
  );
}

// ---- versions ----

const VERSION = new RegExp(
  // "1.2", "v2.3.1", "3.0.0-rc.1", "@1.4"; a figure after letters counts ("python3.11" -> "3.11").
  String.raw`(?<![\p{N}.])[vV]?\d+(?:\.\d+)+(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?![\p{N}])` +
    // "v18", "@18", "version 3"
    String.raw`|(?<![\p{L}\p{N}])v\d+(?![\p{L}\p{N}])|@\d+(?![\p{N}])` +
    String.raw`|(?<![\p{L}])(?:${alternation(VERSION_WORDS, true)}|${alternation(VERSION_WORDS)})\s+\d+(?![\p{N}])` +
    // A name with a number: "Node 18", "Firmware 3".
    String.raw`|(?<![\p{L}\p{N}_])\p{Lu}[\p{L}\p{N}_+-]*\s+\d+(?!\p{N}|\.\p{N})`,
  'gu',
);

const CALENDAR_WORDS = new Set([...WEEKDAYS, ...MONTHS]);
/** True for the name of a day of the week or of a month. */
function isCalendarWord(word: string): boolean {
  return CALENDAR_WORDS.has(word.toLowerCase().replace(/\.$/, ''));
}

/** Versions: "1.2", "v2.3.1", "3.0.0-rc.1", "v18", "version 3", "Node 18". */
export function versionSpans(sentence: string): ValueSpan[] {
  // A day or a month with a number beside it ("Thursday 12", "March 2025") is a date.
  return inOrder(
    spansOf(sentence, VERSION).filter((span) => !isCalendarWord(span.text.split(/\s/)[0] ?? '')),
  );
}

// ---- paths ----

/** Paths and file names: "docs/setup.md", "~/.profile", ".env", "Makefile.am". */
export function pathSpans(sentence: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const match of sentence.matchAll(/\S+/g)) {
    const path = asPath(match[0]);
    if (path === undefined) continue;
    const start = match.index + match[0].indexOf(path);
    spans.push({ start, end: start + path.length, text: path });
  }
  return spans;
}

// ---- command-line options ----

// A value after "=" ends before the punctuation that closes the sentence ("--depth=3.").
const COMMAND_OPTION = /(?<![\p{L}\p{N}_-])--?[A-Za-z][\w-]*(?:=[^\s`'",;)]*[^\s`'",;).:!?])?/gu;

/** Command-line options: "--dry-run", "-x", "--level=3". */
export function commandOptionSpans(sentence: string): ValueSpan[] {
  return spansOf(sentence, COMMAND_OPTION);
}

/** A short option as written: a dash and one to three letters ("-n", "-rf"). */
const SHORT_OPTION = /^-[A-Za-z]{1,3}$/;

/**
 * The short options a text names, as written ("-n", "-N"): no word says them, as their letters are
 * too few to be one, so a text and a question meet on the option itself.
 */
export function shortOptions(text: string): string[] {
  return commandOptionSpans(text)
    .map((span) => span.text)
    .filter((option) => SHORT_OPTION.test(option));
}

// ---- environment variables ----

const ENV_VAR = new RegExp(
  // "$HOME", "${PATH}"
  String.raw`\$\{?[A-Za-z_][A-Za-z0-9_]*\}?` +
    // UPPER_CASE with an underscore, or any upper-case name set with "=" ("DEBUG=1").
    String.raw`|(?<![\p{L}\p{N}_$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\p{L}\p{N}_])` +
    String.raw`|(?<![\p{L}\p{N}_$])[A-Z][A-Z0-9_]*(?==)` +
    // An upper-case name written as code: `DEBUG`.
    String.raw`|(?<=\x60)[A-Z][A-Z0-9_]*(?=\x60)`,
  'gu',
);

/** Environment variables: "$HOME", "${PATH}", "NODE_OPTIONS", "DEBUG=1", `CI`. */
export function envVarSpans(sentence: string): ValueSpan[] {
  return inOrder(spansOf(sentence, ENV_VAR));
}

/** True when a noun phrase's words say the variable is one of the environment. */
export function namesEnvironment(words: readonly string[]): boolean {
  return words.some((word) => ENVIRONMENT_WORDS.has(word.toLowerCase()));
}

// ---- names written as code ----

const CODE_NAME = new RegExp(
  // Quoted as code, without spaces: `retryLimit`, `tide.enabled`.
  String.raw`\x60([^\x60\s]+)\x60` +
    // "Foo::Bar", camelCase, PascalCase with an inner capital, snake_case.
    String.raw`|(?<![\w:-])[\w-]+::[\w:-]+` +
    String.raw`|(?<![\w$])[a-z]+[A-Z][\w$]*` +
    String.raw`|(?<![\w$])[A-Z][a-z]+[A-Z]\w*` +
    String.raw`|(?<![\w$])\w+_\w+` +
    // A dotted key: "tide.enabled", "server.port".
    String.raw`|(?<![\w./])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+(?![\w./])`,
  'g',
);

// A fenced block (three backquotes, with what it holds) or a span in single backquotes, spaces and
// all: how documentation writes a command to type.
const CODE = /\x60\x60\x60([^\x60]+)\x60\x60\x60|\x60([^\x60\n]+)\x60/g;

// The word "command" and what follows it up to a mark that ends a clause: "command kiln fire
// --slow: exit status 0", "the command npm ci --omit dev".
const NAMED_COMMAND = new RegExp(
  String.raw`\b(?:${alternation(KIND_NOUNS.command)})\s+([^\s:;,.][^:;,\n]*?)(?=[:;,]|\.(?:\s|$)|$)`,
  'gi',
);

/**
 * Code as documentation writes it: a fenced block or a span in backquotes ("`npm ci`"), or a command
 * named after the word "command" when what follows holds a path or an option ("command kiln
 * fire --slow"; not "the command succeeded").
 */
export function codeSpans(sentence: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const match of sentence.matchAll(CODE)) {
    const text = (match[1] ?? match[2] ?? '').trim();
    if (text === '') continue;
    const start = match.index + match[0].indexOf(text);
    spans.push({ start, end: start + text.length, text });
  }
  for (const match of sentence.matchAll(NAMED_COMMAND)) {
    const text = (match[1] ?? '').trim();
    if (pathSpans(text).length === 0 && commandOptionSpans(text).length === 0) continue;
    const start = match.index + match[0].lastIndexOf(text);
    spans.push({ start, end: start + text.length, text });
  }
  return inOrder(spans);
}

/** Names as code writes them: in backquotes, camelCase, snake_case, "Foo::Bar", "server.port". */
export function codeNameSpans(sentence: string): ValueSpan[] {
  return inOrder(spansOf(sentence, CODE_NAME));
}

// ---- literal values ----

// A value in double quotes (no line break inside), one in single quotes that stand apart from words
// (an apostrophe inside "it's" opens none), or a bare one after "=": `name = "north"`, 'main',
// `level=debug`. A single-quoted value is at most 80 characters long, so no quote scans far.
const LITERAL =
  /["“]([^"”\n]+)["”]|(?<![\p{L}\p{N}])['‘]([^'‘’\s][^'‘’\n]{0,80}?)['’](?![\p{L}\p{N}])|(?<![=!<>])=[ \t]*([\p{L}\p{N}_][\p{L}\p{N}_./:-]*)/gu;

/** Values as a configuration or a command writes them: quoted, or after "=". */
export function literalSpans(sentence: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const match of sentence.matchAll(LITERAL)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    const start = match.index + match[0].lastIndexOf(text);
    if (text.trim() !== '') spans.push({ start, end: start + text.length, text });
  }
  return spans;
}

// ---- proper nouns and persons ----

/**
 * True when a word starts a sentence or a line: nothing before it, or a mark that ends a sentence or
 * opens a list or heading. A capital there says nothing of the word.
 */
function startsSentence(sentence: string, at: number): boolean {
  const before = sentence.slice(Math.max(0, at - 3), at).trimEnd();
  return before === '' || /[.!?:;#*>(\-–—"'“‘`]$/u.test(before);
}

/** Capitalised words that do not start a sentence: "going with Harrow", "kept in Oslo". */
export function properNounSpans(sentence: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const word of wordsOf(sentence)) {
    if (!/^\p{Lu}[\p{Ll}\p{N}]/u.test(word.text) || startsSentence(sentence, word.start)) continue;
    // Days and months are written with a capital too, and are dates, not names.
    if (isCalendarWord(word.text)) continue;
    spans.push({ start: word.start, end: word.end, text: word.text });
  }
  return spans;
}

const CAPITALISED = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?$/u;

/**
 * Persons' names: capitalised words side by side ("Tomasz Wierzbicki"; of three or more at the start
 * of a sentence, the first may be any word: "Ask Ana Lind"), or one after a word that introduces a
 * name ("by Ana", "I'm Ana", "named Ana").
 */
export function personSpans(sentence: string): ValueSpan[] {
  const words = wordsOf(sentence);
  const spans: ValueSpan[] = [];
  const spaceBetween = (a: Word, b: Word) => /^\s+$/.test(sentence.slice(a.end, b.start));
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined || !CAPITALISED.test(word.text)) continue;
    let last = i;
    for (let j = i + 1; j < words.length; j++) {
      const next = words[j];
      const before = words[j - 1];
      if (next === undefined || before === undefined) break;
      if (!CAPITALISED.test(next.text) || !spaceBetween(before, next)) break;
      last = j;
    }
    const previous = words[i - 1];
    if (last > i) {
      const first = last - i >= 2 && startsSentence(sentence, word.start) ? i + 1 : i;
      const from = words[first];
      const to = words[last];
      if (from !== undefined && to !== undefined)
        spans.push({ start: from.start, end: to.end, text: sentence.slice(from.start, to.end) });
      i = last;
    } else if (
      previous !== undefined &&
      NAME_INTRODUCERS.has(previous.lower) &&
      spaceBetween(previous, word)
    ) {
      spans.push({ start: word.start, end: word.end, text: word.text });
    }
  }
  return spans;
}

// ---- statements, for yes or no ----

/** The sentence itself when it states something (it asks nothing): what a yes or a no rests on. */
export function statementSpans(sentence: string): ValueSpan[] {
  const trimmed = sentence.trim();
  if (trimmed === '' || endsAsking(trimmed) || !/[\p{L}\p{N}]/u.test(trimmed)) return [];
  const start = sentence.indexOf(trimmed);
  return [{ start, end: start + trimmed.length, text: trimmed }];
}

const CESSATION = new Phrases(CESSATION_PHRASES);

/**
 * True when a sentence says no: "not", "never", "cannot", "no longer", a verb with "n't", or "no"
 * before what it denies ("there is no pruning"), standing apart as a word of the sentence (not a
 * value in code, `no`, nor part of a name, "--no-lock").
 */
export function isNegative(sentence: string): boolean {
  const words = wordsOf(sentence);
  const lowered = lowerWords(words);
  return words.some((_, i) => negationEnd(sentence, words, lowered, i) !== undefined);
}

/**
 * The stems of the words `sentence` denies: those after a word that says no ("not", "no", "isn't",
 * "no longer"), to the end of its clause or its next conjunction, at most DENIED_REACH of them with
 * content: "a command is found but is not executable" denies "executable".
 */
export function deniedStems(sentence: string): Set<string> {
  const words = wordsOf(sentence);
  const lowered = lowerWords(words);
  const denied = new Set<string>();
  words.forEach((_, i) => {
    const end = negationEnd(sentence, words, lowered, i);
    if (end === undefined) return;
    let said = 0;
    for (let next = end; next < words.length && said < DENIED_REACH; next++) {
      const between = sentence.slice(words[next - 1]!.end, words[next]!.start);
      if ([...between].some((char) => CLAUSE_MARKS.has(char)) || CONJUNCTIONS.has(words[next]!.lower)) break;
      const stems = contentStems(words[next]!.text);
      for (const found of stems) denied.add(found);
      if (stems.length > 0) said++;
    }
  });
  return denied;
}

/** Words as the lexicon's phrases are found among: lower case, with where each stands. */
function lowerWords(words: readonly Word[]): WordAt[] {
  return words.map((word) => ({ word: word.lower, start: word.start, end: word.end }));
}

/**
 * Where what the word at `i` denies starts, when it says no: the next word, or the one after a phrase
 * that says no ("no longer" denies what follows it, not its own words). Undefined for any other word.
 */
function negationEnd(
  sentence: string,
  words: readonly Word[],
  lowered: readonly WordAt[],
  i: number,
): number | undefined {
  const phrase = CESSATION.at(lowered, i);
  if (phrase !== undefined) return phrase.after;
  const word = words[i]!;
  const negates =
    NEGATIONS.has(word.lower) ||
    (NEGATING_DETERMINERS.has(word.lower) && standsApart(sentence, word)) ||
    [...NEGATIVE_CLITICS].some((clitic) => word.lower.endsWith(clitic));
  return negates ? i + 1 : undefined;
}

/** How many words with content a negation reaches. */
const DENIED_REACH = 2;

/** True when nothing but white space (or the sentence's edges) stands either side of `word`. */
function standsApart(sentence: string, word: { start: number; end: number }): boolean {
  const before = sentence.charAt(word.start - 1);
  const after = sentence.charAt(word.end);
  return before.trim() === '' && after.trim() === '';
}

// ---- positions ----

/**
 * Places within a sequence or a thing: a noun of position and the "of" after it ("to the end of the
 * PATH", "at the top of the file").
 */
export function positionSpans(sentence: string): ValueSpan[] {
  const said = wordsOf(sentence);
  const spans: ValueSpan[] = [];
  said.forEach((word, at) => {
    const next = said[at + 1];
    if (next === undefined || !POSITION_NOUNS.has(word.lower) || !PARTITIVE_PREPOSITIONS.has(next.lower))
      return;
    spans.push({ start: word.start, end: next.end, text: sentence.slice(word.start, next.end) });
  });
  return spans;
}

// ---- network and mail addresses ----

// Each form starts where a run of its characters starts (the look-behinds), so a long run that is no
// address (a pasted blob) is read once, not once from each of its characters.

const ADDRESS = new RegExp(
  [
    // "https://mirror.example/pub", "ssh://git@host/repo"
    String.raw`(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'\u0060]*[^\s<>"'\u0060.,;:!?)]`,
    // "ops@clinic.example"
    String.raw`(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`,
    // "192.168.1.20", "10.0.0.0/8", "127.0.0.1:8080"
    String.raw`(?<![\p{N}.])(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?(?::\d{1,5})?(?![\p{N}.]\p{N})`,
    // "fe80::1", "2001:db8::8a2e:370:7334": hexadecimal groups with "::" among them, or eight groups
    String.raw`(?<![\w:])(?=[0-9A-Fa-f:]*::|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])`,
    // "localhost:8080", "db-1:5432"
    String.raw`(?<![\w.-])[A-Za-z][\w.-]+:\d{2,5}(?!\w|\.\w)`,
  ].join('|'),
  'gu',
);

/**
 * Addresses a machine or a mailbox is reached at: URLs, e-mail addresses, IPv4 addresses (with a
 * prefix length or a port), IPv6 addresses and a host with its port ("localhost:8080").
 */
export function addressSpans(sentence: string): ValueSpan[] {
  return inOrder(spansOf(sentence, ADDRESS));
}

/** The recogniser of each kind. */
export const RECOGNISERS: Readonly<Record<ValueKind, (sentence: string) => ValueSpan[]>> = {
  number: numberSpans,
  duration: durationSpans,
  clock: clockSpans,
  day: daySpans,
  time: timeSpans,
  version: versionSpans,
  path: pathSpans,
  'command-option': commandOptionSpans,
  'env-var': envVarSpans,
  'code-name': codeNameSpans,
  code: codeSpans,
  'proper-noun': properNounSpans,
  literal: literalSpans,
  person: personSpans,
  position: positionSpans,
  address: addressSpans,
  statement: statementSpans,
};
