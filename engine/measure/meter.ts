/**
 * Measuring the context in tokens. A model that counts is asked; otherwise the estimate is anchored
 * on the last figure the runtime reported (that request's usage) plus the change in bytes since, at
 * four bytes a token. With no figure at all, the bytes alone are used.
 */
import type { ModelPort, ModelRequest } from '../model/port.js';
import { RequestSizer, tokensForBytes } from './estimate.js';

interface Anchor {
  tokens: number;
  bytes: number;
}

export class Meter {
  #anchor: Anchor | null = null;
  #model: ModelPort;

  /** How the conversation measures requests in bytes; shared with everything else that does. */
  readonly sizer: RequestSizer;

  constructor(model: ModelPort, sizer = new RequestSizer()) {
    this.#model = model;
    this.sizer = sizer;
  }

  /**
   * Measures for another model from now on. The anchor goes: the old runtime's report counted with
   * its own tokenizer, which says nothing of the new one's.
   */
  switchModel(model: ModelPort): void {
    this.#model = model;
    this.#anchor = null;
  }

  /** Bytes of a request, as every estimate counts them. */
  bytes(request: ModelRequest): number {
    return this.sizer.request(request);
  }

  /** True when measurements come from the model's own count. */
  get counts(): boolean {
    return !this.#model.reportsUsage && this.#model.countTokens !== undefined;
  }

  /** Records what a request and its answer took, as the runtime reported it. */
  anchorOn(tokens: number, bytes: number): void {
    this.#anchor = { tokens, bytes };
  }

  /** Drops the anchor: after an overflow, the last report no longer describes the context. */
  forget(): void {
    this.#anchor = null;
  }

  /** The last reported figure, if any. */
  get anchor(): Readonly<Anchor> | null {
    return this.#anchor;
  }

  /** Estimated tokens of a request of `bytes` bytes, from the anchor when there is one. */
  estimateBytes(bytes: number): number {
    const anchor = this.#anchor;
    if (!anchor) return tokensForBytes(bytes);
    return Math.max(0, anchor.tokens + Math.round((bytes - anchor.bytes) / 4));
  }

  /** Tokens of a request: the model's count when it counts, else the estimate. */
  async measure(request: ModelRequest): Promise<number> {
    const model = this.#model;
    if (this.counts && model.countTokens) return model.countTokens(request);
    return this.estimateBytes(this.bytes(request));
  }
}
