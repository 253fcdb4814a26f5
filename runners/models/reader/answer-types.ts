/**
 * The kind of value a question asks for, read from its shape: "who" wants a person, "how many" a
 * number, "which day" or "when" a day or a date, "which version" a version, "which file" a path,
 * "which setting" or "which option" a name as it is written in configuration, and a question that
 * opens with an auxiliary ("does", "is", "can") a yes or a no. A sentence that holds no value of the
 * kind cannot answer, whatever words it shares with the question.
 */
import { findPaths } from './text.js';

/** What a question asks for. */
export type AnswerType =
  | 'person'
  | 'number'
  | 'day'
  | 'time'
  | 'clock'
  | 'duration'
  | 'version'
  | 'path'
  | 'identifier'
  | 'yes-no'
  | 'any';

// An auxiliary first, after at most a short opening phrase set off by a comma ("By default, does ...").
const AUXILIARY_START =
  /^\s*(?:[\w\s]{0,40},\s*)?(?:do|does|did|is|are|was|were|can|could|will|would|should|has|have|had)\b/i;

/** Nouns that name a kind of value, after "which"/"what". */
const NOUN_TYPES: readonly [RegExp, AnswerType][] = [
  [/^(?:day|date|weekday)s?$/i, 'day'],
  // "What time" asks for the hour: a day alone does not answer it.
  [/^(?:time|hour)s?$/i, 'clock'],
  [/^(?:versions?|releases?)$/i, 'version'],
  [/^(?:files?|paths?|directory|directories|folders?)$/i, 'path'],
  [/^(?:settings?|options?|flags?|variables?|keys?|parameters?|switch(?:es)?|directives?)$/i, 'identifier'],
];

// Where the noun phrase after "which"/"what" ends: a verb, an auxiliary or a preposition.
const PHRASE_END =
  /^(?:is|are|was|were|be|been|does|do|did|has|have|had|will|would|should|can|could|must|of|for|in|on|at|to|from|with|by|about)$/i;

/** The words of the noun phrase a "which/what ..." question opens with: "which PostgreSQL version". */
export function askedNouns(question: string): string[] {
  const after = /\b(?:which|what)\s+(.*)$/i.exec(question)?.[1] ?? '';
  const nouns: string[] = [];
  for (const word of after.split(/\s+/).slice(0, 4)) {
    const bare = word.replace(/[?,.;:!]+$/, '');
    if (bare === '' || PHRASE_END.test(bare)) break;
    nouns.push(bare);
    if (bare !== word) break;
  }
  return nouns;
}

/** The kind of value `question` asks for. */
export function answerType(question: string): AnswerType {
  const q = question.trim();
  if (/^\s*who\b|\bwho\s+(?:is|are|was|were|runs?|looks?|owns?|leads?|manages?)\b/i.test(q)) return 'person';
  if (/\bhow\s+(?:many|much)\b/i.test(q)) return 'number';
  if (/\bhow\s+long\b/i.test(q)) return 'duration';
  if (/^\s*(?:(?:and|so)\s+)?when\b/i.test(q)) return 'time';
  for (const noun of askedNouns(q)) {
    for (const [pattern, type] of NOUN_TYPES) if (pattern.test(noun)) return type;
  }
  // A question word before the auxiliary asks for a value; one in a later clause ("... when a command
  // exits") does not.
  const opening = AUXILIARY_START.exec(q)?.[0];
  if (opening !== undefined && !/\b(?:which|what|who|where|when|how|why)\b/i.test(opening)) return 'yes-no';
  return 'any';
}

// Days and months are names, written with a capital: "may" and "march" are also everyday words.
const DAY_OR_DATE =
  /\b(?:[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday|[Tt]oday|[Tt]omorrow|[Tt]onight|[Yy]esterday|January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?)\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/;

const VERSION =
  /(?:\bv|@|\bversion\s+|\b[a-z]+\s+)?\d+(?:\.\d+)+\b|\bv\d+\b|@\d+\b|\bversion\s+\d+\b|\b[A-Z][\w+-]*\s+\d+\b/;

/** A person's name: two capitalised words, or one after "I'm"/"I am"/"is"/"by" that is no sentence start. */
const PERSON =
  /\b\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?\s+\p{Lu}\p{Ll}+|\b(?:I'm|I am|is|by|named|called|to)\s+\p{Lu}\p{Ll}+/u;

const WORD_AMOUNT = String.raw`(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a hundred|hundreds of|half an?|a few|a couple of|several)`;
const UNIT = String.raw`(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|years?|decades?|metres?|meters?|kilometres?|kilometers?|km|miles?|feet|foot|ft|yards?|inches|cm|mm)`;
// Abbreviations of one or two letters only after a number: "48h", "90 s", "3 m".
const SHORT_UNIT = String.raw`(?:ms|[smhd]|m)`;
/**
 * A span of time or a length, as "how long" asks for ("55 minutes", "seven weeks", "an hour and a
 * half", "48h"). A span that only compares ("a week longer", "five minutes early") or
 * reaches back ("two days ago") does not say how long the thing asked about is, and does not count.
 */
const SPAN = new RegExp(
  String.raw`(?:\b\d+(?:[.,]\d+)?(?:[\s-]*${UNIT}|\s?${SHORT_UNIT})|\b${WORD_AMOUNT}[\s-]+(?:and\s+a\s+half\s+)?${UNIT})\b(?![\s-]*(?:and\s+\w+\s+)?(?:longer|shorter|more|less|fewer|earlier|later|early|late|faster|slower|sooner|ago)\b)`,
  'gi',
);

/** True when `sentence` states a span of time or a length outright, not only as a difference. */
function holdsSpan(sentence: string): boolean {
  SPAN.lastIndex = 0;
  return SPAN.test(sentence);
}

/** A name as configuration writes it: with `::`, `_`, `-` inside, camelCase, or in backquotes. */
const IDENTIFIER =
  /`[^`\s]+`|\b[\w-]+::[\w:-]+|\b[a-z]+[A-Z]\w*|\b\w+_\w+|\b[A-Z][a-z]+[A-Z]\w*|\s--?[a-z][\w-]*/;

/** True when `sentence` holds a value of `type`. */
export function holdsType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case 'person':
      return PERSON.test(sentence);
    case 'number':
      return (
        /\d/.test(sentence) ||
        /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred|thousand)\b/i.test(
          sentence,
        )
      );
    case 'day':
      return DAY_OR_DATE.test(sentence);
    case 'clock':
      return /\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|\b(?:noon|midnight|o'clock)\b/i.test(
        sentence,
      );
    case 'time':
      // "When" is answered by a day or a date, a clock time, a year, a part of the day, or a span of
      // time; a bare number ("lines 1-40") is no time.
      return (
        DAY_OR_DATE.test(sentence) ||
        holdsType(sentence, 'clock') ||
        /\b(?:1[89]|20)\d{2}\b/.test(sentence) ||
        /\b(?:morning|afternoon|evening|night|week|weekend|month|year|quarter)s?\b/i.test(sentence) ||
        /\b\d+\s*(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|[smhd])\b/i.test(sentence)
      );
    case 'duration':
      return holdsSpan(sentence);
    case 'version':
      return VERSION.test(sentence);
    case 'path':
      return findPaths(sentence).length > 0;
    case 'identifier':
      return IDENTIFIER.test(sentence);
    case 'yes-no':
    case 'any':
      return true;
  }
}

/** True when a sentence says no: a negation of its verb. */
export function isNegative(sentence: string): boolean {
  return /\b(?:not|never|no longer|cannot)\b|n['’]t\b/i.test(sentence);
}
