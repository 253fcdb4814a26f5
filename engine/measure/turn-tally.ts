/**
 * The figures of the turn in progress. One object owns them and the parts of a turn report to it:
 * each request as it is sent, the model's and the tools' time, tool calls and outputs held back,
 * condensations, the overflow retry, and what references and cuts saved. `finish` gives the turn's
 * figures, with the engine's own time as what is left of the whole.
 */
import type { RequestFigures, TurnFigures } from './figures.js';

/** What tool calls add to the figures of a turn. */
export interface ToolTally {
  /** A call ran, taking `ms`. */
  addToolCall(ms: number): void;
  /** A result's whole output went to the output store. */
  addHeldBack(): void;
}

export class TurnTally implements ToolTally {
  readonly #figures: TurnFigures;

  constructor(turn: number, prompt: string) {
    this.#figures = {
      turn,
      prompt,
      reply: null,
      status: 'completed',
      error: null,
      requests: [],
      toolCalls: 0,
      overflowRetries: 0,
      toolRetries: 0,
      condensations: 0,
      modelMs: 0,
      toolMs: 0,
      engineMs: 0,
      saved: { referenceBytes: 0, references: 0, cutBytes: 0, cuts: 0 },
      heldBack: 0,
    };
  }

  /** A request sent to the model; the sender fills in what the runtime reports once it answers. */
  addRequest(request: RequestFigures): void {
    this.#figures.requests.push(request);
  }

  addModelMs(ms: number): void {
    this.#figures.modelMs += ms;
  }

  addToolCall(ms: number): void {
    this.#figures.toolMs += ms;
    this.#figures.toolCalls += 1;
  }

  addHeldBack(): void {
    this.#figures.heldBack += 1;
  }

  condensed(): void {
    this.#figures.condensations += 1;
  }

  retriedAfterOverflow(): void {
    this.#figures.overflowRetries += 1;
  }

  /** The turn was run again because the model called a tool its request did not register. */
  retriedForTools(): void {
    this.#figures.toolRetries += 1;
  }

  /** Outputs switched to their references, or stretches of a reply cut, and the bytes that took out. */
  saved(by: 'references' | 'cuts', count: number, bytes: number): void {
    const saved = this.#figures.saved;
    if (by === 'references') {
      saved.references += count;
      saved.referenceBytes += bytes;
    } else {
      saved.cuts += count;
      saved.cutBytes += bytes;
    }
  }

  replied(text: string): void {
    this.#figures.reply = text;
  }

  failed(code: string, message: string): void {
    this.#figures.status = 'failed';
    this.#figures.error = { code, message };
  }

  /** The turn's figures, `elapsedMs` after it started: what the model and tools did not take is the engine's. */
  finish(elapsedMs: number): TurnFigures {
    const figures = this.#figures;
    figures.engineMs = Math.max(0, elapsedMs - figures.modelMs - figures.toolMs);
    return figures;
  }
}
