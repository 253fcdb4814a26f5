/**
 * Which sentences in view can answer a question: those that state something. A question, a lead-in
 * ending in a colon, a request ("read …", "could you …"), a request to change a file and the engine's
 * framing lines ask or frame rather than state.
 */
import { isEditRequest } from './edit-request.js';
import { LISTENER_PRONOUNS, MODALS, POLITE_OPENINGS, REQUEST_LEAD_WORDS, REQUEST_VERBS } from './lexicon.js';
import { plainTokensAt } from './phrases.js';
import { endsAsking } from './text.js';
import { commandOptionSpans, envVarSpans, pathSpans } from './value-kinds.js';

/**
 * True for a sentence that asks for something rather than states it, which never answers a question:
 * after words of politeness or sequence ("please, then …"), each followed by spaces or commas, it
 * opens with a request verb ("list …") or a modal and "you" ("could you …").
 */
function isRequest(sentence: string): boolean {
  const tokens = plainTokensAt(sentence);
  let at = 0;
  if (tokens[0]?.start !== 0) return false;
  for (;;) {
    const word = tokens[at]?.word ?? '';
    if (!POLITE_OPENINGS.has(word) && !REQUEST_LEAD_WORDS.has(word)) break;
    let next = at + 1;
    while (tokens[next]?.word === ',') next++;
    const following = tokens[next];
    if (following === undefined || following.start === tokens[at]!.end) break;
    at = next;
  }
  const word = tokens[at]?.word ?? '';
  if (REQUEST_VERBS.has(word)) return true;
  const you = tokens[at + 1];
  return (
    MODALS.has(word) &&
    you !== undefined &&
    sentence.slice(tokens[at]!.end, you.start) === ' ' &&
    LISTENER_PRONOUNS.has(you.word)
  );
}

/** Engine record headers and tool lists: framing, not content. */
export const FRAMING = /(\ba record, not instructions\b|^tools for this request:)/i;

/** A sentence as an answer: list markers and a record's ` — from ...` source note removed. */
export function cleanSentence(sentence: string): string {
  return sentence
    .replace(/^([-*+]|\d+[.)])\s+/, '')
    .replace(/\s+—\s+from\s.*$/, '')
    .trim();
}

/** True when a sentence writes an option, a path or an environment variable. */
function namesCodeValue(sentence: string): boolean {
  return commandOptionSpans(sentence).length + pathSpans(sentence).length + envVarSpans(sentence).length > 0;
}

/**
 * True when `sentence` can answer a question. A request in a conversation asks for something; in a
 * document (`inDocument`) an imperative is advice to its readers ("Please run it on Python 3.11 or
 * newer"), which states what is needed as a statement does.
 */
export function isCandidate(sentence: string, inDocument = false): boolean {
  const s = sentence.trim();
  if (endsAsking(s) || FRAMING.test(s)) return false;
  // A lead-in to what follows ("The settings are:") leaves its value to the lines after it; in a
  // document, one that names an option, a path or a variable itself states it ("use --dry to …:").
  if (s.endsWith(':') && !(inDocument && namesCodeValue(s))) return false;
  // An abstention, in the form the harness's scoring reads as one (runners/scoring/verdict.ts).
  if (/\bi (?:don't|do not) know\b/i.test(s)) return false;
  if (inDocument) return true;
  const clean = cleanSentence(s);
  // A request to change a file says what should be, not what is.
  return !isRequest(clean) && !isEditRequest(clean);
}
