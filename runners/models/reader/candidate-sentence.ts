/**
 * Which sentences in view can answer a question: those that state something. A question, a heading
 * ending in a colon, a request ("read …", "could you …"), a request to change a file and the engine's
 * framing lines ask or frame rather than state.
 */
import { isEditRequest } from './edit-request.js';

/** Sentences that ask for something rather than state it: they never answer a question. */
const REQUEST_START =
  /^(?:(?:please|kindly|now|then|also|and|so|ok|okay)[\s,]+)*(?:(?:can|could|would|will) you\b|(?:read|open|show|display|print|look|summari[sz]e|run|execute|tell|explain|describe|list|give|paste|check|review|remind|find|answer)\b)/i;

/** Engine record headers and tool lists: framing, not content. */
export const FRAMING = /(\ba record, not instructions\b|^tools for this request:)/i;

/** A sentence as an answer: list markers and a record's ` — from ...` source note removed. */
export function cleanSentence(sentence: string): string {
  return sentence
    .replace(/^([-*+]|\d+[.)])\s+/, '')
    .replace(/\s+—\s+from\s.*$/, '')
    .trim();
}

/**
 * True when `sentence` can answer a question. A request in a conversation asks for something; in a
 * document (`inDocument`) an imperative is advice to its readers ("Please run it on Python 3.11 or
 * newer"), which states what is needed as a statement does.
 */
export function isCandidate(sentence: string, inDocument = false): boolean {
  const s = sentence.trim();
  if (s.endsWith('?') || s.endsWith(':') || FRAMING.test(s)) return false;
  if (/\bi (?:don't|do not) know\b/i.test(s)) return false;
  if (inDocument) return true;
  const clean = cleanSentence(s);
  // A request to change a file says what should be, not what is.
  return !REQUEST_START.test(clean) && !isEditRequest(clean);
}
