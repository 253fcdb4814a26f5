/**
 * The running summary's versions and the dropped turns waiting for the next one. Each version is the
 * summary so far with a batch of turns added; the newest is last and the oldest give way past 20, so
 * a long conversation's history stays bounded. Turns wait here from their drop until a summary takes
 * them in.
 */
import type { FactsState, SummaryVersion } from './saved-facts.js';
import type { TurnText } from './facts-prompts.js';

/** The most versions kept; an older one gives way to each new one past this. */
export const MAX_SUMMARY_VERSIONS = 20;

export class SummaryVersions {
  readonly #versions: SummaryVersion[] = [];
  #waiting: TurnText[] = [];

  /** Every version kept, oldest first. */
  get versions(): readonly SummaryVersion[] {
    return this.#versions;
  }

  /** The summary as it stands, if one is written. */
  get latest(): SummaryVersion | undefined {
    return this.#versions.at(-1);
  }

  /** Dropped turns not yet in the summary, in the order they left. */
  get waiting(): readonly TurnText[] {
    return this.#waiting;
  }

  /** `turns` left the context and wait for the next batch. */
  wait(turns: readonly TurnText[]): void {
    this.#waiting.push(...turns);
  }

  /**
   * A new version: the summary `text`, written by `model` in `turn` at `writtenAt`, now covering
   * `batch` too. Whatever waited is taken in.
   */
  add(
    text: string,
    batch: readonly TurnText[],
    turn: number,
    writtenAt: number,
    model: string,
  ): SummaryVersion {
    const previous = this.latest;
    const added = batch.flatMap((t) => t.entries);
    const version: SummaryVersion = {
      version: (previous?.version ?? 0) + 1,
      text,
      turns: [...(previous?.turns ?? []), ...batch.map((t) => t.turn)],
      added,
      events: batch.flatMap((t) => t.events ?? []),
      highestEntry: Math.max(previous?.highestEntry ?? 0, ...added),
      writtenIn: turn,
      writtenAt,
      model,
    };
    this.#versions.push(version);
    if (this.#versions.length > MAX_SUMMARY_VERSIONS) this.#versions.shift();
    this.#waiting = [];
    return version;
  }

  /** What a saved conversation keeps: copies, so later versions do not change what was saved. */
  save(): Pick<FactsState, 'summaries' | 'waiting'> {
    return {
      summaries: this.#versions.map((s) => ({
        ...s,
        turns: [...s.turns],
        added: [...s.added],
        events: [...s.events],
      })),
      waiting: this.#waiting.map((t) => ({
        ...t,
        entries: [...t.entries],
        ...(t.events ? { events: [...t.events] } : {}),
        lines: [...t.lines],
      })),
    };
  }

  /** Takes up what a saved conversation kept, in place of what is held. */
  restore(state: Pick<FactsState, 'summaries' | 'waiting'>): void {
    this.#versions.splice(0, this.#versions.length, ...state.summaries);
    this.#waiting = [...state.waiting];
  }
}
