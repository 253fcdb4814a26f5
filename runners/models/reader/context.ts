/**
 * What one reader model keeps between requests: the analysis of texts it has already read. A
 * conversation shows the model the same messages call after call, and a text's sentences and lemmas
 * depend on nothing else, so each text is analysed once per model. Every reader model has its own
 * context (createReaderModel makes it); nothing is shared between models or kept at module level.
 */
import { LRUCache } from 'lru-cache';

/** A bounded map from a text (with how it was read) to what was made of it. */
export type TextCache<T extends object> = LRUCache<string, T>;

function textCache<T extends object>(maxSize: number): TextCache<T> {
  return new LRUCache<string, T>({ maxSize, sizeCalculation: (_value, key) => key.length + 1 });
}

/** The caches of one reader model. */
export interface ReaderContext {
  /** The candidate sentences of a visible text, by its origin, form and text. */
  readonly passages: TextCache<object>;
  /** Whether a sentence refers back with a demonstrative that stands alone, by sentence. */
  readonly standsAlone: LRUCache<string, boolean>;
}

/** A fresh context: what a new reader model starts with, or a one-off answer with nothing kept. */
export function createReaderContext(): ReaderContext {
  return {
    passages: textCache<object>(16 * 1024 * 1024),
    standsAlone: new LRUCache<string, boolean>({ max: 20_000 }),
  };
}
