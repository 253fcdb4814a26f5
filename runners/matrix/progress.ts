/**
 * Progress of an invocation on stderr: on a terminal one line kept up to date (runs done of all,
 * failed, elapsed, and an estimate of the time left); elsewhere a plain line now and then, so a log
 * shows the invocation is alive without filling up. Nothing goes to stdout.
 */
import type { RunRecord } from '../../records/run-record.js';

/** Where progress goes: a line that replaces the last (a terminal), or plain lines. */
export interface ProgressIO {
  /** On a terminal: show `line` in place of the last one; an empty line clears it. */
  status?: (line: string) => void;
  err(line: string): void;
}

/** Seconds as "42 s" or "3 min 5 s". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export class Progress {
  #done = 0;
  #failed = 0;
  #lastPlain: number;
  readonly #started: number;

  constructor(
    private readonly total: number,
    private readonly skipped: number,
    private readonly io: ProgressIO,
    private readonly now: () => number = () => performance.now(),
    /** Between plain lines, in milliseconds. */
    private readonly everyMs = 10_000,
  ) {
    this.#started = now();
    this.#lastPlain = this.#started;
    this.#show();
  }

  /** A run finished. */
  finished(record: RunRecord): void {
    this.#done += 1;
    if (record.status === 'failed') this.#failed += 1;
    this.#show();
  }

  /** The invocation is over: the terminal's line is cleared. */
  end(): void {
    this.io.status?.('');
  }

  /** The current line. */
  line(): string {
    const todo = this.total - this.skipped;
    const elapsed = (this.now() - this.#started) / 1000;
    const left = this.#done > 0 ? (elapsed / this.#done) * (todo - this.#done) : null;
    const parts = [
      `runs ${this.skipped + this.#done}/${this.total} done`,
      ...(this.skipped > 0 ? [`${this.skipped} already`] : []),
      `${this.#failed} failed`,
      `${duration(elapsed)} elapsed`,
      ...(left !== null && this.#done < todo ? [`about ${duration(left)} left`] : []),
    ];
    return parts.join(', ');
  }

  #show(): void {
    if (this.io.status) {
      this.io.status(this.line());
      return;
    }
    const now = this.now();
    if (now - this.#lastPlain < this.everyMs) return;
    this.#lastPlain = now;
    this.io.err(this.line());
  }
}
