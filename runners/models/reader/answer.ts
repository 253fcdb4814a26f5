/**
 * Answering a question from what the request shows, and nothing else: the sentence that covers the
 * question's key words best (the latest for "now" questions, the earliest for "first" ones), or "I
 * don't know" when no visible sentence covers them. With this, a score measures whether the
 * information reached the model.
 */
import type { Message } from '../../../engine/index.js';
import { stringArgument, visibleTexts } from './message-views.js';
import type { VisibleText } from './message-views.js';
import { answerKindStem, coverage, hasSynonyms, isSubjectWord, questionKey, toCandidate } from './match.js';
import type { Candidate } from './match.js';
import { COMMON_VERB_STEMS, contentStems, findPaths, hasVerb, sentences, stemSet, words } from './text.js';

/** The reply when nothing visible answers; scoring looks for "I don't know". */
export const ABSTENTION = "I don't know: nothing I can see says.";

/** Which of several matching sentences a question wants. */
export type TemporalMode = 'latest' | 'earliest' | 'best';

const STRONG_LATEST = /\b(now|current|currently|latest|still|at the moment|these days|nowadays|anymore)\b/;
const EARLIEST =
  /\b(first|earliest|originally|initially|original|at the start|at first|in the beginning|before)\b/;
const WEAK_LATEST = /\b(last|most recent|most recently|recently)\b/;

/** The temporal preference a question states, if any. */
export function temporalMode(question: string): TemporalMode {
  const q = question.toLowerCase();
  if (STRONG_LATEST.test(q)) return 'latest';
  if (EARLIEST.test(q)) return 'earliest';
  if (WEAK_LATEST.test(q)) return 'latest';
  return 'best';
}

/** Verbs by which a text says a file was looked at. */
const FILE_READ_VERBS = stemSet('read reads opened open looked look viewed view summarised summarized');
const FILE_WORDS = new Set(['file', 'files', 'document', 'documents', 'doc', 'docs']);

/** Sentences that ask for something rather than state it: they never answer a question. */
const REQUEST_START =
  /^(?:(?:please|kindly|now|then|also|and|so|ok|okay)[\s,]+)*(?:(?:can|could|would|will) you\b|(?:read|open|show|display|print|look|summari[sz]e|run|execute|tell|explain|describe|list|give|paste|check|review|remind|find|answer)\b)/i;

/** Engine record headers and tool lists: framing, not content. */
const FRAMING = /(\ba record, not instructions\b|^tools for this request:)/i;

/** A sentence as an answer: list markers and a record's ` — from ...` source note removed. */
export function cleanSentence(sentence: string): string {
  return sentence
    .replace(/^([-*+]|\d+[.)])\s+/, '')
    .replace(/\s+—\s+from\s.*$/, '')
    .trim();
}

function isCandidate(sentence: string): boolean {
  const s = sentence.trim();
  if (s.endsWith('?') || s.endsWith(':') || FRAMING.test(s)) return false;
  if (/\bi (?:don't|do not) know\b/i.test(s)) return false;
  return !REQUEST_START.test(cleanSentence(s));
}

function candidates(texts: readonly VisibleText[]): Candidate[] {
  const found: Candidate[] = [];
  for (const visible of texts) {
    // Framing lines go whole: their sentences would otherwise split into plausible-looking parts.
    const content = visible.text
      .split('\n')
      .filter((line) => !FRAMING.test(line))
      .join('\n');
    for (const sentence of sentences(content, visible.prose === true)) {
      if (isCandidate(sentence)) found.push(toCandidate(cleanSentence(sentence)));
    }
  }
  return found;
}

/** True for "which file did you read first" style questions, answered from the order of reads. */
export function isFileOrderQuestion(question: string): boolean {
  if (!words(question).some((word) => FILE_WORDS.has(word))) return false;
  // It asks which file: "which file...", "what document...", not "what task ... before reading the docs".
  if (!/\b(which|what)\s+(?:\w+\s+){0,3}(files?|documents?|docs?)\b/i.test(question)) return false;
  return hasVerb(question, FILE_READ_VERBS) || temporalMode(question) !== 'best';
}

/** The files the visible context shows being read, in order of appearance (repeats kept). */
export function filesReadInOrder(texts: readonly VisibleText[]): string[] {
  const files: string[] = [];
  for (const visible of texts) {
    if (visible.source === 'call') {
      const path =
        visible.call?.tool === 'read_file' ? stringArgument(visible.call.arguments, 'path') : undefined;
      if (path !== undefined) files.push(path);
    } else if (visible.source !== 'tool') {
      // A file's own text may name other files; only accounts of the conversation count.
      for (const sentence of sentences(visible.text)) {
        if (!isCandidate(sentence) || !hasVerb(sentence, FILE_READ_VERBS)) continue;
        // An earlier answer about the order ("the first file I read was …") reports no new read.
        if (/\b(first|last|earliest|latest) (file|document|doc)\b/i.test(sentence)) continue;
        files.push(...findPaths(sentence).map((mention) => mention.path));
      }
    }
  }
  return files;
}

function answerFileOrder(question: string, texts: readonly VisibleText[]): string {
  const files = filesReadInOrder(texts);
  if (files.length === 0) return "I don't know: I can't see any file being read.";
  const mode = temporalMode(question);
  if (mode === 'earliest') return `The first file I read was ${files[0] ?? ''}.`;
  if (mode === 'latest') return `The last file I read was ${files.at(-1) ?? ''}.`;
  const distinct = [...new Set(files)];
  return `I read ${distinct.join(', ')}.`;
}

/**
 * How telling each key word is among the visible sentences: rare words weigh more (inverse document
 * frequency), and a word nothing visible contains weighs most. A sentence that meets only the common
 * words of a question ("the next release") answers a different one.
 */
export function keyWeights(key: readonly string[], pool: readonly Candidate[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const stem of key) {
    const df = pool.reduce((n, c) => n + (c.stems.has(stem) ? 1 : 0), 0);
    weights.set(stem, Math.log((pool.length + 1) / (df + 0.5)));
  }
  return weights;
}

/**
 * A subject word no visible sentence contains, that no synonym or value could stand in for. A word
 * inside a longer visible word counts as seen ("test" in "pytest").
 */
function isUnseenSubject(stem: string, pool: readonly Candidate[]): boolean {
  if (COMMON_VERB_STEMS.has(stem) || !isSubjectWord(stem) || hasSynonyms(stem)) return false;
  if (pool.some((c) => c.stems.has(stem))) return false;
  return stem.length < 4 || !pool.some((c) => [...c.stems].some((other) => other.includes(stem)));
}

/** Passive participles ("is configured", "was set"): they say how, not what the question is about. */
function passiveStems(question: string): Set<string> {
  const found = new Set<string>();
  for (const match of question.matchAll(/\b(?:is|are|was|were|be|been|being)\s+(\w+ed)\b/gi)) {
    const stemmed = contentStems(match[1] ?? '')[0];
    if (stemmed) found.add(stemmed);
  }
  return found;
}

/**
 * Answers the question at `questionIndex` from every other visible message (the system message
 * aside), replying with one chosen sentence so no wrong extra value spoils it.
 */
export function answerQuestion(messages: readonly Message[], questionIndex: number): string {
  const question = messages[questionIndex]?.content ?? '';
  const texts = visibleTexts(messages, questionIndex);
  if (isFileOrderQuestion(question)) return answerFileOrder(question, texts);
  const mode = temporalMode(question);
  const pool = candidates(texts);
  // Words that only frame the answer (its kind, a passive verb) go when nothing visible says them.
  const framing = new Set([answerKindStem(question), ...passiveStems(question)]);
  const seen = (stem: string) => pool.some((c) => c.stems.has(stem));
  const key = questionKey(question).filter((stem) => !framing.has(stem) || seen(stem));
  if (key.length === 0) return ABSTENTION;
  const weights = keyWeights(key, pool);
  // A specific word of the question that nothing visible says: what it asks about is not in view.
  if (key.some((stem) => isUnseenSubject(stem, pool))) return ABSTENTION;
  let chosen: { text: string; score: number } | undefined;
  for (const candidate of pool) {
    const score = coverage(key, candidate, weights);
    if (score === undefined) continue;
    // Candidates come in order, so "latest" keeps replacing and "earliest" keeps the first.
    const better = chosen === undefined || mode === 'latest' || (mode === 'best' && score >= chosen.score);
    if (better) chosen = { text: candidate.text, score };
  }
  return chosen?.text ?? ABSTENTION;
}
