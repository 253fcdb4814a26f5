/**
 * The recognisers of values in time: spans and lengths ("40 minutes", "every other week"), clock
 * times ("07:45", "half past six"), days and dates, and the times a "when" asks for. Like every
 * recogniser, each pattern starts only where a word starts and nests no quantifier that could match
 * the same text, so each runs in time linear in the sentence's length.
 */
import {
  ADDITIVE_CONJUNCTIONS,
  ALTERNATION_WORDS,
  AMOUNT_WORDS,
  CLOCK_WORDS,
  FRACTION_ADDITIONS,
  FREQUENCY_ADVERBS,
  UNBOUNDED_SPAN_ADVERBS,
  HOUR_WORDS,
  MERIDIEMS,
  MONTHS,
  NUMBER_WORD_VALUES,
  NUMBER_WORDS,
  OCCURRENCE_WORDS,
  ORDINALS,
  PARTITIVE_PREPOSITIONS,
  PERIODS,
  RATE_WORDS,
  RECURRENCE_DETERMINERS,
  RELATIVE_DAYS,
  SHORT_SPAN_UNITS,
  SPAN_COMPARATIVES,
  SPAN_UNITS,
  TIME_UNIT_LENGTHS,
  TIME_UNITS,
  WEEKDAYS,
} from './lexicon.js';
import { plainTokensAt } from './phrases.js';
import { alternation, inOrder, listedWords, spansOf, type ValueSpan } from './value-spans.js';

// ---- spans of time and lengths ----

/** An alternation of phrases, the spaces between their words matching any run of white space. */
function spacedAlternation(list: Iterable<string>): string {
  return alternation(list)
    .split(' ')
    .join(String.raw`\s+`);
}

const AMOUNT = `(?:${alternation([...NUMBER_WORDS, ...AMOUNT_WORDS, ...PARTITIVE_PREPOSITIONS])})`;
const AND = `(?:${alternation(ADDITIVE_CONJUNCTIONS)})`;
const HALF = `(?:${spacedAlternation(FRACTION_ADDITIONS)})`;
const UNIT = `(?:${alternation(SPAN_UNITS)})`;
const SHORT_UNIT = `(?:${alternation(SHORT_SPAN_UNITS)})`;
const COMPARATIVE = `(?:${alternation(SPAN_COMPARATIVES)})`;
const SPAN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\d+(?:[.,]\d+)?(?:[\s-]*${UNIT}|\s?${SHORT_UNIT})|${AMOUNT}(?:[\s-]+${AMOUNT}){0,2}[\s-]+(?:${HALF}\s+)?${UNIT})(?![\p{L}\p{N}])` +
    // A span that only compares ("a week longer") or reaches back ("two days ago") is no span asked.
    String.raw`(?![\s-]*(?:${AND}\s+\p{L}+\s+)?${COMPARATIVE}(?![\p{L}]))`,
  'giu',
);

// How often: "every second Friday", "every 3 days", "every other week", "twice a week", "daily".
const PERIOD_WORD = `(?:${alternation([...SPAN_UNITS, ...TIME_UNITS, ...WEEKDAYS])})`;
const EVERY = `(?:${alternation(RECURRENCE_DETERMINERS)})`;
const OTHER = alternation(ALTERNATION_WORDS);
const RATE = `(?:${alternation(RATE_WORDS)})`;
const FREQUENCY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${EVERY}\s+(?:(?:${OTHER}|${alternation(ORDINALS)}|\d+|${alternation(NUMBER_WORDS)})\s+)?${PERIOD_WORD}(?![\p{L}\p{N}])` +
    String.raw`|(?<![\p{L}\p{N}])(?:(?:\d+|${alternation(NUMBER_WORDS)})\s+)?(?:${alternation(OCCURRENCE_WORDS)})\s+${RATE}\s+${PERIOD_WORD}(?![\p{L}\p{N}])` +
    String.raw`|(?<![\p{L}\p{N}])(?:${alternation(FREQUENCY_ADVERBS)})(?![\p{L}\p{N}])`,
  'giu',
);

/**
 * Spans of time or lengths stated outright, as "how long" asks for ("55 minutes", "seven weeks", "an
 * hour and a half", "48h", "300 metres"); not a difference ("ten minutes longer") nor a span back in
 * time ("two days ago").
 */
export function durationSpans(sentence: string): ValueSpan[] {
  // "a few" alone before "of" ("a couple of days") is the amount: the unit must end the span.
  const spans = spansOf(sentence, SPAN).filter((span) => !opensWithPartitive(span.text));
  return inOrder([...spans, ...spansOf(sentence, FREQUENCY), ...spansOf(sentence, UNBOUNDED)]);
}

/** A span with no end: "kept forever", "held indefinitely". */
const UNBOUNDED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${alternation(UNBOUNDED_SPAN_ADVERBS)})(?![\p{L}\p{N}])`,
  'giu',
);

/** True when `text` opens with the preposition of an amount ("of days"). */
function opensWithPartitive(text: string): boolean {
  const first = plainTokensAt(text)[0];
  return first?.start === 0 && PARTITIVE_PREPOSITIONS.has(first.word);
}

// ---- lengths of time, compared ----

/** A length of time a text states: how long, in its scale's measure, and the words that state it. */
export interface TimeLength {
  text: string;
  /** Seconds for the units of the clock, months for those of the calendar. */
  length: number;
  scale: 'clock' | 'calendar';
}

const COUNTED_UNIT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?|${alternation(NUMBER_WORD_VALUES.keys())})[\s-]*(${alternation(TIME_UNIT_LENGTHS.keys())})(?![\p{L}\p{N}])`,
  'giu',
);

/**
 * Each count of a unit of time in `text` ("48 hours", "two days", "a 3-hour window"), with how long
 * it is, so that two lengths in different units can be found equal. A difference or a span back in
 * time ("two days ago") still states a length.
 */
export function timeLengths(text: string): TimeLength[] {
  const found: TimeLength[] = [];
  for (const match of text.matchAll(COUNTED_UNIT)) {
    const [whole, count = '', unit = ''] = match;
    const amount = NUMBER_WORD_VALUES.get(count.toLowerCase()) ?? Number(count);
    const measure = TIME_UNIT_LENGTHS.get(unit.toLowerCase());
    if (measure === undefined || !Number.isFinite(amount)) continue;
    found.push({ text: whole, length: amount * measure.length, scale: measure.scale });
  }
  return found;
}

// ---- clock times ----

const MERIDIEM = `(?:${alternation(MERIDIEMS)})`;
const OCLOCK = `(?:${alternation(HOUR_WORDS)})`;
// A figure after a currency sign is an amount ("€12.50"), not a time.
const CLOCK = new RegExp(
  String.raw`(?<![\p{N}\p{Sc}])\d{1,2}[:.]\d{2}(?![\p{N}])(?:\s?${MERIDIEM}(?![\p{L}]))?` +
    String.raw`|(?<![\p{N}])\d{1,2}\s?${MERIDIEM}(?![\p{L}])` +
    String.raw`|(?<![\p{L}\p{N}])(?:(?:\d{1,2}|${alternation(NUMBER_WORDS)})\s+)?${OCLOCK}(?![\p{L}])` +
    String.raw`|(?<![\p{L}\p{N}])(?:${alternation(CLOCK_WORDS)})(?![\p{L}])`,
  'giu',
);

/** Times of day: "07:45", "7.30 pm", "9am", "six o'clock", "noon". */
export function clockSpans(sentence: string): ValueSpan[] {
  return spansOf(sentence, CLOCK);
}

// ---- days and dates ----

// Months are names written with a capital: "may" and "march" are everyday words too.
const MONTH = `(?:${alternation(MONTHS, true)})`;
// In lower case, a month's full name with a day beside it ("2 june", "june 2nd") is a date all the same.
const LOWER_MONTH = `(?:${alternation([...MONTHS].filter((month) => month.length > 3))})`;
const DATE = new RegExp(
  String.raw`(?<![\p{N}])\d{4}-\d{2}-\d{2}(?![\p{N}])` +
    String.raw`|(?<![\p{L}\p{N}])\d{1,2}(?:st|nd|rd|th)?\s+${LOWER_MONTH}(?![\p{L}])` +
    String.raw`|(?<![\p{L}])${LOWER_MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?![\p{L}\p{N}])` +
    String.raw`|(?<![\p{N}/])\d{1,2}\/\d{1,2}(?:\/\d{2,4})?(?![\p{N}])` +
    String.raw`|(?:(?<![\p{L}\p{N}])\d{1,2}(?:st|nd|rd|th)?\s+)?(?<![\p{L}])(?:${MONTH})\.?(?![\p{L}])(?:\s+\d{1,2}(?:st|nd|rd|th)?(?![\p{L}\p{N}]))?(?:,?\s+\d{4}(?![\p{N}]))?`,
  'gu',
);

/**
 * Days and dates: weekdays and the relative days ("Thursday", "tomorrow"), months with a capital and
 * the day or year beside them ("12 March", "March 2025"), "2025-03-12", "12/03/2025".
 */
export function daySpans(sentence: string): ValueSpan[] {
  const days = new Set([...WEEKDAYS, ...RELATIVE_DAYS]);
  return inOrder([...spansOf(sentence, DATE), ...listedWords(sentence, days, false)]);
}

// ---- times, as "when" asks ----

const YEAR = /(?<![\p{N}])(?:1[89]|20)\d{2}(?![\p{N}])/gu;
const AFTER_TIME = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\d+\s*(?:${alternation(TIME_UNITS)}|[smhd])(?![\p{L}\p{N}])`,
  'giu',
);

/**
 * What answers "when": a day or a date, a clock time, a year, a part of the day or another period
 * ("in the morning", "next week"), or a time counted in units ("in 3 days").
 */
export function timeSpans(sentence: string): ValueSpan[] {
  return inOrder([
    ...daySpans(sentence),
    ...clockSpans(sentence),
    ...spansOf(sentence, YEAR),
    ...listedWords(sentence, PERIODS, false),
    ...spansOf(sentence, AFTER_TIME),
  ]);
}
