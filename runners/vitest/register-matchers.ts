/**
 * `wisp-eval/vitest/matchers`: importing it adds the run matchers to vitest's `expect` (in a test
 * file, or once in the project's `setupFiles`), with their types.
 */
import { expect } from 'vitest';
import {
  toCondenseAtMost,
  toHaveNoAlarm,
  toKeepEvidence,
  toScoreAtLeast,
  toSendSameRequestsAs,
  type ScoreFloor,
} from './matchers.js';

expect.extend({ toKeepEvidence, toCondenseAtMost, toHaveNoAlarm, toScoreAtLeast, toSendSameRequestsAs });

/** The run matchers' signatures, as `expect(run)` offers them once registered. */
export interface RunMatchers<R = unknown> {
  /** The scenario's evidence step `id` stayed in view to the end, through its channels when it names some. */
  toKeepEvidence(id: string): R;
  /** The run condensed `most` times or fewer. */
  toCondenseAtMost(most: number): R;
  /** No probe was answered right without its evidence in view. */
  toHaveNoAlarm(): R;
  /** At least so many probes right (`correct`) or with their evidence in view (`delivered`). */
  toScoreAtLeast(floor: ScoreFloor): R;
  /** The run sent exactly the requests that snapshot `name` records (`dir`: the snapshots folder). */
  toSendSameRequestsAs(name: string, dir?: string): Promise<R>;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- merges with vitest's own declaration, whose default is any
  interface Matchers<T = any> extends RunMatchers<T> {}
}

export type { ScoreFloor };
