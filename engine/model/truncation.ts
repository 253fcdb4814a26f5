/**
 * Silent truncation made visible. A runtime such as Ollama drops the front of a request that does not
 * fit its window and says nothing; only its reported usage tells. A request is marked truncated when,
 * measured at the rate this runtime reported for the last request it took whole, it exceeds the
 * window, and the runtime reported clearly less than that (at least 5% less, so a request just over
 * the line at the rate is not marked for the rate's own error).
 *
 * The rate (reported tokens per estimated token) starts at 1, the four-bytes-a-token estimate, and
 * follows each request not marked: a runtime's tokenizer differs from four bytes a token by up to a
 * fifth either way, which an estimate alone would mistake for truncation, or miss it by.
 */

/** How far below the request's size at the rate a report must fall to count as a truncation. */
export const TRUNCATION_SHORTFALL = 0.95;

/** One request's figures, as the caller knows them once the model has answered. */
export interface TruncationCheck {
  /** The engine's estimate of the request, at four bytes a token. */
  estimated: number;
  /** The prompt tokens the runtime reported. */
  reported: number;
  /** The window, when known. */
  window: number | null;
}

/** Watches the requests of one conversation for the runtime's silent truncation. */
export class TruncationWatch {
  #rate = 1;

  /** True when the request was truncated; otherwise the request teaches the runtime's rate. */
  truncated({ estimated, reported, window }: TruncationCheck): boolean {
    if (estimated <= 0) return false;
    const expected = estimated * this.#rate;
    const marked =
      window !== null &&
      expected > window &&
      reported <= window &&
      reported < expected * TRUNCATION_SHORTFALL;
    if (!marked && reported > 0) this.#rate = reported / estimated;
    return marked;
  }
}
