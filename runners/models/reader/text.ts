import model from 'wink-eng-lite-web-model';
import {
  CLITICS,
  CLOSED_CLASS_WORDS,
  INDEFINITE_DETERMINERS,
  IRREGULAR_VERB_FORMS,
  VERB_PREFIXES,
  LIGHT_VERBS,
  NEGATIVE_CONTRACTIONS,
  ORDER_IN_TIME_WORDS,
  BRITISH_ENDINGS,
  SHORTEST_OUR_WORD,
  SPELLING_VARIANTS,
} from './lexicon.js';

/**
 * The reader's plain-language machinery: words, light stemming, sentences and file paths. It is
 * deliberately generic (no scenario's words), so the reader behaves the same on wording it has never
 * seen.
 */

/**
 * A word's stem (Porter2, from wink's English model), so that "tests", "tested" and "testing", or
 * "executable" and "execute", meet. Irregular verb forms go to their verb first ("found" is "find").
 */
export function stem(word: string): string {
  // Porter2's suffix patterns backtrack over the whole word: on a run of thousands of letters (a
  // blob, a hash) they take seconds, and no word of a language is that long.
  // A word with digits ("v3.10", "utf8") is a name or a number: it has no suffix to strip.
  if (word.length > LONGEST_STEMMED || HAS_DIGIT.test(word)) return word;
  return porter2(IRREGULAR_PAST.get(word) ?? prefixedIrregular(word) ?? americanSpelling(word));
}

/** The verb of an irregular form with a prefix written onto it ("rebuilt": "rebuild"), if it is one. */
function prefixedIrregular(word: string): string | undefined {
  for (const prefix of VERB_PREFIXES) {
    if (!word.startsWith(prefix) || word.length - prefix.length < 3) continue;
    const verb = IRREGULAR_PAST.get(word.slice(prefix.length));
    if (verb !== undefined) return prefix + verb;
  }
  return undefined;
}

/**
 * One spelling of a word for British and American English, so that "licence" meets "license" and
 * "colour" meets "color": the lexicon's pairs, then its regular endings (-ise to -ize, -yse to -yze,
 * -our to -or in words of six letters or more, so that "four" and "hour" stay, -ogue to -og). Both
 * sides of a comparison go through it, so a word it changes that has no other spelling still meets
 * itself.
 */
export function americanSpelling(word: string): string {
  const listed = SPELLING_VARIANTS.get(word);
  if (listed !== undefined) return listed;
  for (const [british, american] of ENDINGS_LONGEST_FIRST) {
    if (!word.endsWith(british) || word.length === british.length) continue;
    const root = word.slice(0, word.length - british.length);
    if (british.startsWith('our') && root.length + 3 < SHORTEST_OUR_WORD) return word;
    return root + american;
  }
  return word;
}

const ENDINGS_LONGEST_FIRST = [...BRITISH_ENDINGS].sort(([a], [b]) => b.length - a.length);

const HAS_DIGIT = /\p{N}/u;

/** The longest word that is stemmed; a longer one is its own stem. */
const LONGEST_STEMMED = 64;

/** `stem(word)`, looked up in `memo` first and kept there. */
function rememberedStem(word: string, memo: StemMemo): string {
  let found = memo.get(word);
  if (found === undefined) {
    found = stem(word);
    // Bounded by starting afresh: a conversation's vocabulary fits many times over.
    if (memo.size >= STEMS_REMEMBERED) memo.clear();
    memo.set(word, found);
  }
  return found;
}

/**
 * Stems already worked out, by word: one reader model sees the same words in view after view, and
 * Porter2 costs microseconds a word. Owned by a reader's context, never shared between models.
 */
export type StemMemo = Map<string, string>;

/** Words whose stems one memo keeps before it starts afresh. */
const STEMS_REMEMBERED = 65_536;

/** wink's Porter2 stemmer: a pure function of the word. */
const porter2 = (model as unknown as { addons: { stem: (word: string) => string } }).addons.stem;

/** Function words, question words and politeness, none of which says what a question is about. */
export const STOP_WORDS: ReadonlySet<string> = CLOSED_CLASS_WORDS;

/** Verb forms that no suffix rule brings back to their verb: "found" meets "find", "goes" meets "go". */
const IRREGULAR_PAST: ReadonlyMap<string, string> = IRREGULAR_VERB_FORMS;

/**
 * Words that choose between the earliest and the latest of several answers, so they take no part in
 * matching (a sentence need not say "now" to be the current value); with them, the words of "how
 * often", "how long" and "how soon", which ask for a value rather than name a subject.
 */
export const TEMPORAL_WORDS: ReadonlySet<string> = ORDER_IN_TIME_WORDS;

/** Verbs so common that matching one alone does not show a sentence is about the question. */
export const COMMON_VERB_STEMS: ReadonlySet<string> = new Set([...LIGHT_VERBS].map(stem));

/**
 * Lower-case words (letters and digits of any script) of a text, in order. A number with dots or
 * commas inside ("2.0", "1,200", "v3.10") is one word, not two numbers that would each meet any
 * sentence with those digits.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  for (const token of text.match(WORD) ?? []) {
    found.push(...expandContraction(acronymOfPlural(token) ?? token.toLowerCase()));
  }
  return found;
}

/**
 * The short form in capitals a plural is made of ("VMs" is "vm", "PRs" is "pr"), lower case: the
 * plural's "s" after capitals is no letter of the word, though no stemmer can tell. Undefined for any
 * other word.
 */
export function acronymOfPlural(token: string): string | undefined {
  if (token.length < 3 || !token.endsWith('s')) return undefined;
  const short = token.slice(0, -1);
  return short === short.toUpperCase() && short !== short.toLowerCase() ? short.toLowerCase() : undefined;
}

const WORD = /[\p{L}\p{N}]*\p{N}(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * A word with a clitic written onto it, as the words it stands for: "haven't" is "have not", "I've"
 * is "i have", "team's" is "team". Without this, "haven" and "ve" would pass for words of their own.
 */
function expandContraction(token: string): string[] {
  const apostrophe = token.search(/['’]/);
  if (apostrophe < 0) return [token];
  const head = token.slice(0, apostrophe);
  const tail = token.slice(apostrophe + 1);
  if (tail === 't' && head.endsWith('n')) {
    const verb = head.slice(0, -1);
    return [NEGATIVE_CONTRACTIONS.get(verb) ?? verb, 'not'].filter(Boolean);
  }
  const full = CLITICS.get(tail);
  return full === undefined ? [head] : [head, full].filter(Boolean);
}

/** The stems of a text's words that carry meaning: stop words and temporal words left out. */
export function contentStems(text: string, memo?: StemMemo): string[] {
  const stems: string[] = [];
  for (const word of words(text)) {
    if (STOP_WORDS.has(word) || TEMPORAL_WORDS.has(word)) continue;
    if (word.length < 2 && !/\p{N}/u.test(word)) continue;
    stems.push(memo === undefined ? stem(word) : rememberedStem(word, memo));
  }
  return stems;
}

/** True when any of `verbs` (stems) occurs among the text's word stems. */
export function hasVerb(text: string, verbs: ReadonlySet<string>): boolean {
  return words(text).some((word) => verbs.has(stem(word)));
}

/** A stem set built from plain words, so callers can list verbs as people write them. */
export function stemSet(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean).map(stem));
}

/** A line that is a unit of its own: a heading, a list item, a table row, a `[section]`, or a record. */
function isOwnLine(line: string): boolean {
  return /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|\|)/.test(line) || /^\[.*\]$/.test(line) || line.includes(' — from ');
}

/**
 * Splits text into sentences. With `joinWrapped` (documents, which wrap their lines) the lines of a
 * paragraph are joined first; otherwise every line is a unit, as in messages and structured outputs.
 * Headings, list items and record lines are always units of their own.
 */
export function sentences(text: string, joinWrapped = false): string[] {
  return sentenceGroups(text, joinWrapped).flat();
}

/** A mark that may close a sentence after its full stop or question mark: a quotation mark or a bracket. */
const CLOSING_MARK = `["'”’)\\]]`;

/**
 * Where one sentence ends and the next begins within a unit: after a full stop, an exclamation or a
 * question mark (and any closing quotation mark or bracket), before a capital or a figure; after a
 * question or an exclamation mark, before anything, since people do not always capitalise ("how hot
 * can it get? the top shelf I mean") and a full stop ends abbreviations too ("e.g. the").
 */
const SENTENCE_BREAK = new RegExp(
  `(?<=[.!?]${CLOSING_MARK}?)\\s+(?=["'\`“‘([]?[A-Z0-9])|(?<=[?!]${CLOSING_MARK}?)\\s+(?=\\S)`,
);

const ENDS_ASKING = new RegExp(`\\?${CLOSING_MARK}*$`);

/** True when a sentence ends with a question mark, inside a closing quotation mark or bracket or not. */
export function endsAsking(sentence: string): boolean {
  return ENDS_ASKING.test(sentence);
}

/**
 * The sentences of a text as `sentences` splits them, grouped by the unit they come from: a paragraph,
 * a line, a heading or a list item. A sentence's neighbours in its group are its discourse context.
 */
export function sentenceGroups(text: string, joinWrapped = false): string[][] {
  // Each unit with the paragraph it belongs to: in a document, the units of one paragraph (lines no
  // blank line separates, cut where a line ends a sentence) are one group; otherwise each unit is.
  const units: { text: string; paragraph: number }[] = [];
  let paragraphNumber = 0;
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) units.push({ text: lines.reduce(continued), paragraph: paragraphNumber });
    lines = [];
    if (!joinWrapped) paragraphNumber++;
  };
  // In a document, the lines after a list item that no blank line separates from it continue it.
  let item: number | null = null;
  const rawLines = text.split('\n');
  for (const raw of joinWrapped ? withColumnLabels(rawLines) : rawLines) {
    const line = raw.trim();
    if (line === '') {
      flush();
      paragraphNumber++;
      item = null;
    } else if (isOwnLine(line)) {
      flush();
      paragraphNumber++;
      units.push({ text: line, paragraph: paragraphNumber++ });
      item = joinWrapped && /^([-*+]|\d+[.)])\s/.test(line) ? units.length - 1 : null;
    } else if (item !== null) {
      const unit = units[item];
      if (unit) unit.text = continued(unit.text, line);
    } else {
      lines.push(line);
      // A line that ends a sentence ends the unit, so a page break or a short line never glues on.
      if (!joinWrapped || /[.!?]["')\]]?$/.test(line)) flush();
    }
  }
  flush();
  // In a document, a line that ends with a colon labels what follows it ("On older releases:" and the
  // command under it): the two are one statement.
  if (joinWrapped) {
    for (let i = units.length - 2; i >= 0; i--) {
      const unit = units[i];
      const next = units[i + 1];
      if (unit && next && unit.text.endsWith(':') && !/^#{1,6}\s/.test(unit.text)) {
        units.splice(i, 2, { text: `${unit.text} ${next.text}`, paragraph: unit.paragraph });
      }
    }
  }
  const groups: string[][] = [];
  let last: number | undefined;
  for (const unit of units) {
    const parts = unit.text
      .split(SENTENCE_BREAK)
      .map((part) => part.trim())
      .filter(Boolean)
      .reduce<string[]>(joinedAfterInitialism, []);
    if (parts.length === 0) continue;
    const open = groups.at(-1);
    if (open && last === unit.paragraph) open.push(...parts);
    else groups.push(parts);
    last = unit.paragraph;
  }
  return groups;
}

/** A row of a Markdown table: "| `maxLength` | `number` | `65536` |". */
const TABLE_ROW = /^\s*\|.*\|\s*$/;
/** The row under a table's header that aligns its columns: "|---|:---:|". */
const TABLE_DELIMITER = /^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/;

/** The cells of a table row, trimmed; a pipe escaped inside a cell ("number\|boolean") stays in it. */
function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/**
 * The lines of a document with each row of a Markdown table under a header given its column's name
 * before each cell ("| Option: `maxLength` | Default: `65536` | …"), as a line that labels its value
 * says it; the row that aligns the columns, which says nothing, left out.
 */
function withColumnLabels(lines: readonly string[]): string[] {
  const out: string[] = [];
  let header: string[] | undefined;
  for (const [at, line] of lines.entries()) {
    if (header !== undefined && TABLE_DELIMITER.test(line)) continue;
    if (header !== undefined && TABLE_ROW.test(line)) {
      const labels = header;
      const cells = tableCells(line).map((cell, k) => {
        const label = labels[k]?.replace(/[*_`]/g, '') ?? '';
        return label === '' || cell === '' ? cell : `${label}: ${cell}`;
      });
      out.push(`| ${cells.join(' | ')} |`);
      continue;
    }
    header = undefined;
    const next = lines[at + 1];
    if (TABLE_ROW.test(line) && next !== undefined && TABLE_DELIMITER.test(next)) header = tableCells(line);
    out.push(line);
  }
  return out;
}

/**
 * Sentence parts with a part after a lower-case initialism ("e.g.", "i.e.") put back onto it: its dot
 * ends the abbreviation, not the sentence ("Some kilns (e.g. the electric ones) vent early.").
 */
function joinedAfterInitialism(parts: string[], part: string): string[] {
  const before = parts.at(-1);
  if (before !== undefined && INITIALISM_END.test(before)) parts[parts.length - 1] = `${before} ${part}`;
  else parts.push(part);
  return parts;
}

/** A lower-case initialism at the end of a text, its letters together or apart: "e.g.", "(e. g.". */
const INITIALISM_END = /(?:^|[\s(])\p{Ll}\.(?:\s?\p{Ll}\.)+$/u;

/**
 * A wrapped line and the next, as one text. Manual pages break a word across lines with a hyphen
 * (U+2010, as groff writes it: "hyphen‐" over "ation"): the word is whole again without it.
 */
function continued(text: string, line: string): string {
  return /\p{L}\u2010$/u.test(text) && /^\p{Ll}/u.test(line)
    ? `${text.slice(0, -1)}${line}`
    : `${text} ${line}`;
}

/** One word as a file path, or undefined: it contains a `/` or ends in a dot-extension. */
export function asPath(word: string): string | undefined {
  const bare = word.replace(/^["'`(<[{*]+/, '').replace(/["'`)>\]}*,;:!?.]+$/, '');
  // A path may start from an environment variable ("$HOME/.terminfo", "${XDG_DATA_HOME}/x").
  if (bare.length < 3 || bare.includes('://') || !/^(?:\$\{?\w+\}?(?=\/))?[\w./~@+-]+$/.test(bare)) {
    return undefined;
  }
  // Initialisms and abbreviations (e.g, U.S, a.k.a) have the shape of a name with an extension.
  if (/^([A-Za-z]\.)+[A-Za-z]$/.test(bare)) return undefined;
  const hasExtension = /[\w-]\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(bare);
  if (bare.includes('/')) {
    const segments = bare.split('/').filter(Boolean);
    if (segments.length === 0) return undefined;
    // "and/or", "he/she": every part a function word and no extension is prose, not a path.
    if (!hasExtension && segments.every((s) => STOP_WORDS.has(s.toLowerCase()))) return undefined;
    // "-beta/-rc", "--quiet/--verbose": options written as alternatives, not a path.
    if (!hasExtension && segments.some((s) => s.startsWith('-'))) return undefined;
    return bare;
  }
  // A dotfile (.env, .gitignore) is a file too.
  return hasExtension || /^\.[A-Za-z][\w.-]*$/.test(bare) ? bare : undefined;
}

/** A path found in a text, with where it starts. */
export interface PathMention {
  path: string;
  index: number;
}

/**
 * True for a path that starts at the root of the machine or a home folder ("/etc/hosts",
 * "~/.profile"): it names a file of the person's system, which no read of the workspace reaches.
 */
export function outsideWorkspace(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~');
}

/** The file paths a text mentions, in order, each once. */
export function findPaths(text: string): PathMention[] {
  const found: PathMention[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(/\S+/g)) {
    const path = asPath(match[0]);
    if (path === undefined || seen.has(path)) continue;
    seen.add(path);
    found.push({ path, index: match.index });
  }
  return found;
}

/**
 * An extension after a determiner that speaks of any one thing of a kind (".pot" in "a .pot file",
 * "any .md notes") names a format, not a file: a dotfile is "the .env", or ".env" alone. Matches the
 * determiner, its dot and its letters.
 */
const FORMAT_EXTENSION = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${[...INDEFINITE_DETERMINERS].join('|')})\s+\.(\p{N}?\p{L}[\p{L}\p{N}]{0,3})(?=\s+\p{L})`,
  'giu',
);

/** `text` with each extension that names a format written as a word: "a .pot file" as "a pot file". */
export function withFormatsAsWords(text: string): string {
  return text.replace(FORMAT_EXTENSION, '$1 $2');
}

/** The formats `text` names by an extension ("pot" in "a .pot file"), lower case. */
export function formatsNamed(text: string): string[] {
  return [...text.matchAll(FORMAT_EXTENSION)].map((match) => (match[2] ?? '').toLowerCase());
}

/** A stretch of a text in backticks, with where it starts and ends. */
export interface Span {
  text: string;
  start: number;
  end: number;
}

/** The stretches of a text quoted in single backticks, such as a command to run. */
export function backtickSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const inner = match[1]?.trim();
    if (inner) spans.push({ text: inner, start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** The first `limit` words of a text, with an ellipsis when it had more. */
export function clipWords(text: string, limit: number): string {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length <= limit) return parts.join(' ');
  return `${parts.slice(0, limit).join(' ')} …`;
}

/** A text ending in one full stop (or the punctuation it already has). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
