import { describe, expect, it } from 'vitest';
import { composeMessages, entriesAtTurn } from '../../../engine/compose/composer.js';
import type { ModelRequest } from '../../../engine/model/port.js';
import type { Entry } from '../../../engine/store/entry.js';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

interface LoggedRequest {
  turn: number;
  request: ModelRequest;
}

describe('rebuilding the context of any earlier turn from the saved store', () => {
  it.each([
    ['codename', 'dropping', 'reader'],
    ['codename', 'dropping', 'reader-strict'],
    ['showing', 'cutting', 'reader'],
    ['reading', 'references', 'reader'],
  ])(
    '%s under %s on %s: the rebuilt context of every turn is what its last request carried',
    async (name, strategy, model) => {
      const scenario = await resolveScenario(name);
      const { files, record } = await runScenario(
        { scenario, strategy: resolveStrategy(strategy), model, window: 8192, run: 0 },
        createModel,
      );
      const entries = files.store.entries as Entry[];
      const requests = files.requests as LoggedRequest[];
      expect(record.turns).toBeGreaterThan(4);
      for (let turn = 1; turn <= record.turns; turn++) {
        const sent = requests.filter((r) => r.turn === turn).at(-1);
        // The last request of a turn carries the turn's own entries up to its reply.
        const replyId =
          entries.findLast(
            (e) => e.turn === turn && e.kind === 'reply' && !e.droppedBy?.startsWith('retried:'),
          )?.id ?? Infinity;
        const rebuilt = composeMessages(entriesAtTurn(entries, turn, replyId - 1), { turn });
        expect(rebuilt).toEqual(sent?.request.messages);
      }
    },
  );
});
