/**
 * A question's generic subject: in "Which release should teachers on old laptops install?" the clause after
 * the auxiliary has a bare plural for its subject, which speaks of anyone of a kind (a generic
 * reading), not of someone the conversation must have named. Its word need not be in view; the words
 * that restrict it ("on old laptops") still must.
 */
import pluralize from 'pluralize';
import { STOP_WORDS, stem } from './text.js';

// A question word, then (within the same clause) the auxiliary that opens the inverted clause.
const INVERTED =
  /\b(?:which|what|who|whom|where|when|how)\b[^?,;:]*?\b(?:do|did|should|can|could|will|would|must|may|might|shall|are|were|have)\s+(\p{L}+)/iu;

/** The stem of a question's subject when it is a bare plural (no article, no possessive), or undefined. */
export function genericSubjectStem(question: string): string | undefined {
  const subject = INVERTED.exec(question)?.[1];
  if (subject === undefined) return undefined;
  const word = subject.toLowerCase();
  // Pronouns and determiners ("we", "the", "our") are no bare nouns; a name is no generic.
  if (STOP_WORDS.has(word) || subject !== word) return undefined;
  // A plural that is no singular as well: "news" and "series" are either.
  return pluralize.isPlural(word) && !pluralize.isSingular(word) ? stem(word) : undefined;
}
