/**
 * The reader answers from what it is sent: for each probe a reader run answered correctly, the
 * request that got the answer holds it, and with the messages that hold it taken out (any message
 * whose text, or whose tool calls, match one of the expectation's `any` patterns), a fresh reader no
 * longer gives it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message, ModelResponse } from '../../engine/index.js';
import { createModel } from '../../runners/models/index.js';
import { matchesPattern } from '../../scenarios/pattern.js';
import { answerPatterns } from '../../scenarios/schema.js';
import { label, makeRuns, toolCallContent, turnCalls, type MadeRun, type ReaderRun } from './reader-runs.js';

const runs: ReaderRun[] = [
  { scenario: 'codename', strategy: 'dropping', model: 'reader', window: 32768 },
  { scenario: 'codename', strategy: 'target+memory', model: 'reader', window: 8192 },
  { scenario: 'showing', strategy: 'dropping', model: 'reader', window: 8192 },
  { scenario: 'digression', strategy: 'facts', model: 'reader', window: 8192 },
  { scenario: 'digression', strategy: 'target+memory', model: 'reader', window: 32768 },
  { scenario: 'reading', strategy: 'failfast', model: 'reader', window: 32768 },
  { scenario: 'reading', strategy: 'target+memory', model: 'reader', window: 8192 },
];

/** Everything a message says: its content, and for a tool call the tool and its arguments. */
function messageText(message: Message): string {
  if (message.role !== 'assistant' || message.toolCalls === undefined) return message.content;
  return `${message.content}\n${JSON.stringify(toolCallContent(message.toolCalls))}`;
}

function replyText(response: ModelResponse): string {
  return `${response.text}\n${JSON.stringify(toolCallContent(response.toolCalls))}`;
}

let made: MadeRun[] = [];
beforeAll(async () => {
  made = await makeRuns(runs);
}, 60_000);

describe('taking the answer out of a correct probe request', () => {
  it.each(runs.map((run, index) => [label(run), index] as const))(
    '%s: the request held the answer, and without it a fresh reader does not give it',
    async (_label, index) => {
      const run = made[index];
      if (run === undefined) throw new Error('the run was not made');
      const steps = run.loaded.scenario.steps;
      const correct = run.outcome.record.probes.filter(
        (p) => p.verdict === 'correct' && p.expects === 'answer',
      );
      expect(correct.length, 'probes answered correctly').toBeGreaterThan(0);
      const calls = turnCalls(run);
      for (const probe of correct) {
        const step = steps.find((s) => 'ask' in s && s.id === probe.id);
        if (step === undefined || !('ask' in step)) throw new Error(`no step for probe ${probe.id}`);
        const patterns = answerPatterns(step.expect);
        const call = calls.filter((c) => c.turn === probe.turn && c.response !== undefined).at(-1);
        expect(call?.response?.text, `${probe.id}: the call that answered`).toBe(probe.reply);
        if (call === undefined) continue;
        const holds = (message: Message) =>
          patterns.some((pattern) => matchesPattern(messageText(message), pattern));
        const { messages } = call.request;
        const kept = messages.filter((message) => !holds(message));
        expect(kept.length, `${probe.id}: messages that hold the answer`).toBeLessThan(messages.length);
        const question = kept.findLast((message) => message.role === 'user');
        expect(question?.content, `${probe.id}: the question itself stays`).toBe(probe.question);
        const fresh = createModel(run.model, run.window, run.loaded.scenario);
        const response = await fresh.respond({ ...call.request, messages: kept });
        const gives = patterns.filter((pattern) => matchesPattern(replyText(response), pattern));
        expect(
          gives,
          `${probe.id}: the reply without the answer's messages is ${JSON.stringify(response.text)}`,
        ).toEqual([]);
      }
    },
  );
});
