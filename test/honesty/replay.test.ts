/**
 * The reader answers from its request alone: replaying each logged turn request through a fresh
 * reader, with nothing of the run behind it, gives the same reply, text and tool calls, or the same
 * error. Tool calls are compared by tool and arguments: their ids are minted by the reader that made
 * them, one count per model.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toError } from '../../engine/index.js';
import { createModel } from '../../runners/models/index.js';
import { label, makeRuns, toolCallContent, turnCalls, type MadeRun, type ReaderRun } from './reader-runs.js';

const runs: ReaderRun[] = [
  { scenario: 'codename', strategy: 'dropping', model: 'reader', window: 8192 },
  { scenario: 'codename', strategy: 'failfast', model: 'reader-strict', window: 8192 },
  { scenario: 'showing', strategy: 'cutting', model: 'reader', window: 8192 },
  { scenario: 'digression', strategy: 'target+memory', model: 'reader', window: 8192 },
  { scenario: 'reading', strategy: 'target', model: 'reader-counting', window: 8192 },
  { scenario: 'reading', strategy: 'references', model: 'reader', window: 32768 },
];

let made: MadeRun[] = [];
beforeAll(async () => {
  made = await makeRuns(runs);
}, 60_000);

describe('replaying logged requests through a fresh reader', () => {
  it.each(runs.map((run, index) => [label(run), index] as const))(
    '%s: every turn request gets the same reply',
    async (_label, index) => {
      const run = made[index];
      if (run === undefined) throw new Error('the run was not made');
      const calls = turnCalls(run);
      expect(calls.length).toBeGreaterThan(run.loaded.scenario.steps.length / 2);
      for (const call of calls) {
        const fresh = createModel(run.model, run.window, run.loaded.scenario);
        const where = `call ${call.call} (turn ${call.turn})`;
        const replayed = await fresh.respond(call.request).then(
          (response) => ({ response }),
          (thrown: unknown) => ({ error: toError(thrown).message }),
        );
        if (call.error !== undefined) {
          expect(replayed, where).toEqual({ error: call.error });
          continue;
        }
        if (!('response' in replayed)) throw new Error(`${where}: the replay failed: ${replayed.error}`);
        expect(replayed.response.text, where).toBe(call.response?.text);
        expect(toolCallContent(replayed.response.toolCalls), where).toEqual(
          toolCallContent(call.response?.toolCalls ?? []),
        );
      }
    },
  );
});
