import { afterEach, describe, expect, it, vi } from 'vitest';
import { composeMessages, entriesAtTurn } from '../../../engine/compose/composer.js';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { ModelRequest } from '../../../engine/model/port.js';
import type { Entry } from '../../../engine/store/entry.js';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { type RunFiles } from '../../../records/run-outcome.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { builtinStrategies, resolveStrategy } from '../../../strategies/index.js';

interface LoggedRequest {
  turn: number;
  purpose: string;
  request: ModelRequest;
}

/** Rebuilds every turn's context from the store and the kept blocks, and compares it with what was sent. */
function expectEveryTurnRebuilt(files: RunFiles, turns: number): void {
  const entries = files.store.entries as Entry[];
  const requests = (files.requests as LoggedRequest[]).filter((r) => r.purpose === 'turn');
  const blocks = new Map((files.blocks ?? []).map((b) => [b.turn, b.blocks]));
  for (let turn = 1; turn <= turns; turn++) {
    const sent = requests.filter((r) => r.turn === turn).at(-1);
    // The last request of a turn carries the turn's own entries up to its reply.
    const replyId =
      entries.findLast((e) => e.turn === turn && e.kind === 'reply' && !e.droppedBy?.startsWith('retried:'))
        ?.id ?? Infinity;
    const rebuilt = composeMessages(entriesAtTurn(entries, turn, replyId - 1), {
      turn,
      ...(blocks.get(turn) ?? {}),
    });
    expect({ turn, messages: rebuilt }).toEqual({ turn, messages: sent?.request.messages });
  }
}

/** Watches every conversation a run makes, so that its `contextAt` can be asked after the run. */
function watchConversations(): Conversation[] {
  const seen: Conversation[] = [];
  const turn = Conversation.prototype.turn;
  vi.spyOn(Conversation.prototype, 'turn').mockImplementation(function (this: Conversation, prompt) {
    if (!seen.includes(this)) seen.push(this);
    return turn.call(this, prompt);
  });
  return seen;
}

/**
 * Asks each conversation for the context of each of its turns and compares it with the turn's first
 * request as the model received it; returns how many turns overflowed, whose first request an
 * overflow's condensation changed afterwards.
 */
function expectEveryFirstRequestRebuilt(files: RunFiles, conversations: readonly Conversation[]): number {
  const requests = (files.requests as LoggedRequest[]).filter((r) => r.purpose === 'turn');
  let overflowed = 0;
  let checked = 0;
  for (const conversation of conversations) {
    for (const { turn, overflowRetries } of conversation.turns) {
      const first = requests.find((r) => r.turn === turn);
      if (first === undefined) continue;
      if (overflowRetries > 0) overflowed++;
      checked++;
      expect({ turn, messages: conversation.contextAt(turn) }).toEqual({
        turn,
        messages: first.request.messages,
      });
    }
  }
  expect(checked).toBeGreaterThan(4);
  return overflowed;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rebuilding the first request of every turn from the conversation', () => {
  const everyStrategy = [...builtinStrategies.keys()];
  const runs = ['reading', 'digression'].flatMap((name) =>
    ['reader', 'reader-strict'].flatMap((model) => everyStrategy.map((strategy) => [name, strategy, model])),
  );
  it.each(runs)('%s under %s on %s at 8,192 tokens', async (name, strategy, model) => {
    const scenario = await resolveScenario(name);
    const conversations = watchConversations();
    const { files } = await runScenario(
      { scenario, strategy: resolveStrategy(strategy), model, window: 8192, run: 0 },
      createModel,
    );
    expectEveryFirstRequestRebuilt(files, conversations);
  });

  it.each([
    ['codename', 'dropping'],
    ['reading', 'target'],
  ])(
    'keeps what an overflow dropped during the turn: %s under %s on reader-strict',
    async (name, strategy) => {
      const scenario = await resolveScenario(name);
      const conversations = watchConversations();
      const { files } = await runScenario(
        { scenario, strategy: resolveStrategy(strategy), model: 'reader-strict', window: 8192, run: 0 },
        createModel,
      );
      expect(expectEveryFirstRequestRebuilt(files, conversations)).toBeGreaterThan(0);
    },
  );
});

describe('rebuilding the context of any earlier turn from the store and the blocks each turn carried', () => {
  it.each([
    ['codename', 'dropping', 'reader'],
    ['codename', 'dropping', 'reader-strict'],
    ['showing', 'cutting', 'reader'],
  ])(
    '%s under %s on %s: every rebuilt turn is what its last request carried',
    async (name, strategy, model) => {
      const scenario = await resolveScenario(name);
      const { files, record } = await runScenario(
        { scenario, strategy: resolveStrategy(strategy), model, window: 8192, run: 0 },
        createModel,
      );
      expect(record.turns).toBeGreaterThan(4);
      expectEveryTurnRebuilt(files, record.turns);
    },
  );

  const everyStrategy = [...builtinStrategies.keys()];
  it.each(['reading', 'digression'].flatMap((name) => everyStrategy.map((strategy) => [name, strategy])))(
    '%s under %s at 8,192 tokens: every rebuilt turn is what its last request carried',
    async (name, strategy) => {
      const scenario = await resolveScenario(name);
      const { files, record } = await runScenario(
        { scenario, strategy: resolveStrategy(strategy), model: 'reader', window: 8192, run: 0 },
        createModel,
      );
      expect(record.turns).toBeGreaterThan(4);
      expectEveryTurnRebuilt(files, record.turns);
    },
  );
});
