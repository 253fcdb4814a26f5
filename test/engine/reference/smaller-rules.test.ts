/**
 * Smaller rules of the reference, each stated as a test: the task's line names it once, the context's
 * size is in the public API, the summary prompt says what to shorten first, and a person's fact comes
 * from no entry.
 */
import { describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  tokensForBytes,
  type ModelPort,
} from '../../../engine/index.js';
import { factLine } from '../../../engine/facts/lines.js';
import { RequestSizer } from '../../../engine/measure/estimate.js';
import { factsAndSummaryPrompt, summaryPrompt } from '../../../engine/facts/facts-prompts.js';
import { fakeModel } from '../helpers.js';

function conversation(model: ModelPort) {
  return new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit: memorySink(),
    tools: [],
    settings: defaultSettings(),
    instructions: 'system',
    window: 8192,
  });
}

describe('the task line', () => {
  it('names the task once, not as subject and name', async () => {
    const convo = conversation(fakeModel(() => ({ text: 'Noted.', toolCalls: [] })));
    await convo.turn('Let us begin.');
    convo.statePersonFact('task', 'task', 'ship the flag');
    const task = convo.facts?.facts.current().find((f) => f.identity.subject === 'task');
    expect(factLine(task!)).toBe('- task: ship the flag — from the person');
    expect(
      convo
        .composeRequest()
        .messages.map((m) => m.content)
        .join('\n'),
    ).toContain('- task: ship the flag — from the person');
  });
});

describe('contextTokens()', () => {
  it("is the model's count of the next request when the model counts", async () => {
    const counted = { ...fakeModel(() => ({ text: 'Noted.', toolCalls: [] })), reportsUsage: false };
    const model: ModelPort = { ...counted, countTokens: async (r) => 1000 + r.messages.length };
    const convo = conversation(model);
    await convo.turn('One.');
    expect(await convo.contextTokens()).toBe(1000 + convo.composeRequest().messages.length);
  });

  it('is anchored on the usage the runtime last reported, plus what changed since', async () => {
    const model = fakeModel(() => ({
      text: 'Noted.',
      toolCalls: [],
      usage: { promptTokens: 500, completionTokens: 3 },
    }));
    const convo = conversation(model);
    const before = await convo.contextTokens();
    expect(before).toBe(tokensForBytes(new RequestSizer().request(convo.composeRequest())));
    await convo.turn('One.');
    // The anchor is the prompt and the reply the runtime counted (500 + 3 tokens), over the bytes of
    // the request and its answer; the next request adds the reply's entry and nothing else yet.
    const sizer = new RequestSizer();
    const sent = sizer.request(model.requests.at(-1)!) + 'Noted.'.length;
    const grown = sizer.request(convo.composeRequest()) - sent;
    expect(await convo.contextTokens()).toBe(503 + Math.round(grown / 4));
  });
});

describe('the summary prompt', () => {
  it('asks to shorten the oldest parts first while keeping how the conversation began', () => {
    const turns = [{ turn: 1, entries: [2, 3], lines: ['person: hello', 'assistant: hi'] }];
    const alone = summaryPrompt(null, 200, turns, 8192)[0]?.content ?? '';
    const combined = factsAndSummaryPrompt([], [], null, 200, turns, [], 8192)[0]?.content ?? '';
    for (const text of [alone, combined]) {
      expect(text).toMatch(/oldest parts first/);
      expect(text).toMatch(/keep how the conversation began/);
    }
  });
});

describe("a person's stated fact", () => {
  it('comes from no entry, so the earlier block carries it while the turn it was stated in is still literal', async () => {
    const convo = conversation(fakeModel(() => ({ text: 'Noted.', toolCalls: [] })));
    await convo.turn('The pilot team is the platform group.');
    convo.statePersonFact('entity', 'pilot team', 'the platform group');
    const fact = convo.facts?.facts.current().find((f) => f.identity.name === 'pilot team');
    expect(fact?.entries).toEqual([]);
    // Turn 1's prompt is still in the context, and the fact is in the earlier block beside it.
    const sent = convo
      .composeRequest()
      .messages.map((m) => m.content)
      .join('\n');
    expect(sent).toContain('The pilot team is the platform group.');
    expect(sent).toMatch(/^- entity pilot team: the platform group — from the person$/m);
  });
});
