/**
 * A question's generic subject: in "Which release should teachers on old laptops install?" the clause after
 * the auxiliary has a bare plural for its subject, which speaks of anyone of a kind (a generic
 * reading), not of someone the conversation must have named. Its word need not be in view; the words
 * that restrict it ("on old laptops") still must.
 */
import pluralize from 'pluralize';
import { MODALS, PLURAL_SUBJECT_AUXILIARIES, WH_WORDS } from './lexicon.js';
import { plainTokensAt } from './phrases.js';
import { STOP_WORDS, stem } from './text.js';

/** Marks that end a clause: the auxiliary must come before them. */
const CLAUSE_ENDS = new Set(['?', ',', ';', ':']);
/** The letters a word starts with. */
const LEADING_LETTERS = /^\p{L}+/u;

/**
 * The word after the auxiliary that opens an inverted clause, as written: a question word, then
 * (within the same clause) the first such auxiliary followed by a space and a word, which gives its
 * leading letters ("teachers" in "which release do teachers install").
 */
function invertedSubject(question: string): string | undefined {
  const tokens = plainTokensAt(question);
  for (let wh = 0; wh < tokens.length; wh++) {
    if (!WH_WORDS.has(tokens[wh]!.word)) continue;
    for (let at = wh + 1; at < tokens.length && !CLAUSE_ENDS.has(tokens[at]!.word); at++) {
      const verb = tokens[at]!;
      const next = tokens[at + 1];
      if (!(MODALS.has(verb.word) || PLURAL_SUBJECT_AUXILIARIES.has(verb.word))) continue;
      if (next === undefined || next.start === verb.end) continue;
      const letters = LEADING_LETTERS.exec(question.slice(next.start, next.end))?.[0];
      if (letters !== undefined) return letters;
    }
  }
  return undefined;
}

/** The stem of a question's subject when it is a bare plural (no article, no possessive), or undefined. */
export function genericSubjectStem(question: string): string | undefined {
  const subject = invertedSubject(question);
  if (subject === undefined) return undefined;
  const word = subject.toLowerCase();
  // Pronouns and determiners ("we", "the", "our") are no bare nouns; a name is no generic.
  if (STOP_WORDS.has(word) || subject !== word) return undefined;
  // A plural that is no singular as well: "news" and "series" are either.
  return pluralize.isPlural(word) && !pluralize.isSingular(word) ? stem(word) : undefined;
}
