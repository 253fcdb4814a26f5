/**
 * The reference's rules for what the distiller and the running summary read, each stated as a test:
 * a command the person ran reaches them as one line ahead of its turn's prompt, never what it printed.
 */
import { describe, expect, it } from 'vitest';
import { personCommandLine } from '../../../engine/facts/facts-prompts.js';
import { personCommandText } from '../../../engine/protocol.js';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type GuidedRequest,
  type Tool,
} from '../../../engine/index.js';
import { fakeModel } from '../helpers.js';

const printed = ['exit status: 1', 'stdout:', 'FAIL discount rate test', 'expected 0.25, got 0.2'].join('\n');

describe('a command the person ran, as the distiller and the summary read it', () => {
  it('is one line with the command and how it ended, whatever it printed', () => {
    expect(personCommandLine(personCommandText('npm test', printed))).toBe(
      'the person ran `npm test`: exit status 1',
    );
    expect(personCommandLine(personCommandText('cat x', 'error: no such file'))).toBe(
      'the person ran `cat x`: failed',
    );
    expect(personCommandLine(personCommandText('ls', 'a.md\nb.md'))).toBe('the person ran `ls`');
  });

  it('reaches the distiller and the summary call as one line ahead of its turn’s prompt, its output left out', async () => {
    const guided: GuidedRequest[] = [];
    const runCommand: Tool = {
      readOnly: false,
      spec: { name: 'run_command', description: 'run', parameters: {} },
      run: async () => ({ content: printed, ok: false, exitCode: 1 }),
    };
    const model = fakeModel(() => ({ text: 'Noted.', toolCalls: [] }), {
      generate: async (request) => {
        guided.push(request);
        return { value: { facts: [], summary: 'The person ran the tests.' } };
      },
    });
    const settings = defaultSettings();
    settings.context.policy = 'condense';
    settings.context.keepTurns = 1;
    settings.facts.summaryBatchTurns = 1;
    const convo = new Conversation({
      model,
      clock: steppingClock(0, 1000, () => 0),
      ids: sequentialIds(),
      audit: memorySink(),
      tools: [runCommand],
      settings,
      instructions: 'system',
      window: 2048,
    });
    await convo.personCommand('npm test');
    await convo.turn(`Why did it fail? ${'context '.repeat(600)}`);
    for (let i = 0; i < 3; i++) await convo.turn(`Another question ${i}: ${'words '.repeat(600)}`);
    const texts = guided.map((g) => g.messages.map((m) => m.content).join('\n'));
    expect(texts.length).toBeGreaterThan(0);
    const first = texts[0] ?? '';
    const line = first.indexOf('the person ran `npm test`: exit status 1\n');
    expect(line).toBeGreaterThan(-1);
    expect(first.indexOf('person: Why did it fail?')).toBeGreaterThan(line);
    for (const text of texts) {
      expect(text).not.toContain('FAIL discount rate test');
      expect(text).not.toContain('I ran `npm test` myself');
    }
  });
});
