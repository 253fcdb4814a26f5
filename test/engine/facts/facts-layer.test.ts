import { describe, expect, it } from 'vitest';
import { FactsLayer } from '../../../engine/facts/facts-layer.js';
import { fitSummary, summaryWords } from '../../../engine/facts/facts-prompts.js';
import { ModelCaller } from '../../../engine/model/model-calls.js';
import { AuditRecorder } from '../../../engine/audit/recorder.js';
import type { GuidedRequest } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings } from '../../../engine/settings.js';
import { storeWithTurns } from '../helpers.js';
import { fakeModel } from '../helpers.js';

function layer(overrides: Partial<ReturnType<typeof defaultSettings>['facts']> = {}, fail = false) {
  const calls: GuidedRequest[] = [];
  const model = fakeModel(() => ({ text: '', toolCalls: [] }), {
    generate: async (request) => {
      calls.push(request);
      if (fail) throw new Error('the model is down');
      const n = calls.length;
      return {
        value: {
          facts: [{ subject: 'entity', name: 'release codename', value: `HERON ${n}`, said: 'person' }],
          summary: `Summary ${n}.`,
        },
      };
    },
  });
  const sink = memorySink();
  const clock = steppingClock(0, 1000, () => 0);
  const settings = { ...defaultSettings().facts, ...overrides };
  const ids = sequentialIds();
  const caller = new ModelCaller({ model, clock, ids });
  const facts = new FactsLayer(settings, new AuditRecorder(sink, clock, ids), clock, caller);
  return { facts, calls, sink };
}

const store = storeWithTurns(
  Array.from({ length: 8 }, (_, i) => ({ prompt: `statement ${i + 1}.`, reply: 'Noted.' })),
);
const turn = (n: number) => store.all().filter((e) => e.turn === n);

describe('distilling and the running summary', () => {
  it('writes facts and the summary in one call when the batch is exactly the turns leaving now', async () => {
    const { facts, calls } = layer();
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(calls.map((c) => c.purpose)).toEqual(['facts-and-summary']);
    expect(facts.summaries.at(-1)).toMatchObject({
      version: 1,
      text: 'Summary 1.',
      turns: [1, 2, 3],
      added: [2, 3, 4, 5, 6, 7],
      writtenIn: 5,
    });
    expect(facts.facts.current().map((f) => f.value)).toEqual(['HERON 1']);
    expect(facts.distilCalls).toBe(1);
  });

  it('waits for a batch, distilling each drop, then gives the summary its own call', async () => {
    const { facts, calls } = layer();
    await facts.beforeDrop(3, turn(1), turn(2), 8192);
    expect(facts.summaries).toEqual([]);
    await facts.beforeDrop(4, [...turn(2), ...turn(3)], turn(4), 8192);
    // Turn 1 waited, so the batch is more than the turns leaving now: two calls.
    expect(calls.map((c) => c.purpose)).toEqual(['distil', 'distil', 'summary']);
    expect([facts.distilCalls, facts.summaryCalls]).toEqual([2, 1]);
    expect(facts.summaries.at(-1)?.turns).toEqual([1, 2, 3]);
    // The summary call sees the turns, never a tool output.
    expect(calls[2]?.messages.at(-1)?.content).toMatch(/Turns to add:\nTurn 1\nperson: statement 1\./);
  });

  it('updates the summary rather than rewriting it: the call is shown the summary so far', async () => {
    const { facts, calls } = layer({ summaryWithFacts: false });
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], [], 8192);
    await facts.beforeDrop(8, [...turn(4), ...turn(5), ...turn(6)], [], 8192);
    expect(calls.at(-1)?.messages.at(-1)?.content).toMatch(/^Summary so far:\nSummary 2\./);
    expect(facts.summaries.map((s) => s.version)).toEqual([1, 2]);
  });

  it('changes nothing when the call fails, and audits the failure; the turns wait', async () => {
    const { facts, sink } = layer({}, true);
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], [], 8192);
    expect(facts.summaries).toEqual([]);
    const failed = sink.events.filter(
      (e) => e.type === 'context.summary' || e.type === 'context.distillation',
    );
    expect(failed.map((e) => ('ok' in e ? e.ok : null))).toEqual([false, false]);
  });
});

describe('fitting the summary', () => {
  it('gives the words at about seven bytes a word of its share, never under 512 bytes', () => {
    // The reference's own figures: 8,192 tokens give the summary 1,636 bytes, told as 233 words.
    expect(summaryWords(0.05, 8192)).toBe(233);
    // 0.05 of 4,096 is 204.8 tokens: 204 whole tokens, 816 bytes, 116 words.
    expect(summaryWords(0.05, 4096)).toBe(116);
    // A share too small for 512 bytes gets 512: 73 words.
    expect(summaryWords(0.001, 8192)).toBe(73);
  });

  it('keeps the first and the newest sentences behind an ellipsis, on one line', () => {
    const text = 'It began with a plan.\nThen a read. Then another read. Then the newest step.';
    expect(fitSummary(text, 13)).toBe('It began with a plan. … Then another read. Then the newest step.');
    expect(fitSummary(text, 12)).toBe('It began with a plan. … Then the newest step.');
    expect(fitSummary('Short one.', 12)).toBe('Short one.');
  });
});

describe('the blocks, composed again only when what they show changes', () => {
  it('follow each change of the facts, the entries in view and the summary', async () => {
    const { facts } = layer();
    const all = store.all();
    const withoutTurn1 = all.filter((e) => e.turn !== 1);
    expect(facts.blocks(all, 8192)?.earlier ?? null).toBeNull();
    // The person's fact comes from no entry: the earlier block carries it while turn 1 is in view too.
    facts.personStates('entity', 'pilot team', 'the platform group', 1);
    expect(facts.blocks(all, 8192)?.earlier).toMatch(/pilot team: the platform group — from the person$/m);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/pilot team: the platform group/);
    // A newer value, asserted through the layer.
    facts.personStates('entity', 'pilot team', 'the storage group', 1);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/pilot team: the storage group/);
    // A change made on the fact store itself is seen too.
    const current = facts.facts.current().find((f) => f.identity.name === 'pilot team');
    facts.facts.delete(current?.id ?? '', 'person');
    expect(facts.blocks(withoutTurn1, 8192)?.earlier ?? null).toBeNull();
    // A new summary version ends the earlier block.
    await facts.beforeDrop(5, [...turn(1), ...turn(2), ...turn(3)], turn(4), 8192);
    expect(facts.blocks(withoutTurn1, 8192)?.earlier).toMatch(/Summary 1\.$/);
  });
});
