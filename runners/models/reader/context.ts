/**
 * What one reader model keeps between requests: the analysis of texts it has already read. A
 * conversation shows the model the same messages call after call, and a text's sentences and lemmas
 * depend on nothing else, so each text is analysed once per model. Every reader model has its own
 * context (createReaderModel makes it); nothing is shared between models or kept at module level.
 */
import { LRUCache } from 'lru-cache';
import type { StemMemo } from './text.js';

/** A bounded map from a text (with how it was read) to what was made of it. */
export type TextCache<T extends object> = LRUCache<string, T>;

function textCache<T extends object>(maxSize: number): TextCache<T> {
  return new LRUCache<string, T>({ maxSize, sizeCalculation: (_value, key) => key.length + 1 });
}

/** The caches of one reader model. */
export interface ReaderContext {
  /** The candidate sentences of a visible text, by its origin, form and text. */
  readonly passages: TextCache<object>;
  /** What each pure analysis made of the texts it was given, by analysis; see `remembered`. */
  readonly analyses: Map<Analysis, Map<string, unknown>>;
  /** The stems of the words it has read. */
  readonly stems: StemMemo;
}

/** A pure function of texts (a prompt, a sentence, a kind's name): the same texts give the same result. */
type Analysis = (...texts: never[]) => unknown;

/** Results kept per analysis: enough for every prompt and sentence of a long conversation's view. */
const REMEMBERED_PER_ANALYSIS = 8192;

/** A fresh context: what a new reader model starts with, or a one-off answer with nothing kept. */
export function createReaderContext(): ReaderContext {
  return {
    passages: textCache<object>(16 * 1024 * 1024),
    analyses: new Map(),
    stems: new Map(),
  };
}

/**
 * `analysis(...texts)`, computed once per context: the tool loop shows the model the same prompt call
 * after call, and a view the same sentences, so the reader would otherwise parse them again each time.
 * Without a context the result is computed and not kept. `analysis` must be pure.
 */
export function remembered<A extends string[], T>(
  context: ReaderContext | undefined,
  analysis: (...texts: A) => T,
  ...texts: A
): T {
  if (context === undefined) return analysis(...texts);
  let results = context.analyses.get(analysis);
  if (results === undefined) {
    results = new Map<string, unknown>();
    context.analyses.set(analysis, results);
  }
  // One text is its own key; of several, each is led by its length, so no two lists share a key.
  const key =
    texts.length === 1 ? (texts[0] as string) : texts.map((text) => `${text.length}:${text}`).join('');
  if (results.has(key)) return results.get(key) as T;
  const value = analysis(...texts);
  // A plain map, bounded by forgetting its oldest entry: a model makes few of them, and each is cheap.
  if (results.size >= REMEMBERED_PER_ANALYSIS) results.delete(results.keys().next().value as string);
  results.set(key, value);
  return value;
}
