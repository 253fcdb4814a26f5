/**
 * An edit_file text of 3,000,000 characters with no white space, played by the scripted model: its
 * usage is counted without ever handing the tokenizer a run of more than 1,024 characters, since the
 * tokenizer's pattern backtracks over a whole run and took minutes over such a text (issue 27, item 11).
 */
import type * as O200k from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { request, user } from './reader/conversation-fixtures.js';

/** The longest run without white space the tokenizer was given, and how many texts it counted. */
const seen = vi.hoisted(() => ({ longest: 0, texts: 0 }));

vi.mock('gpt-tokenizer/encoding/o200k_base', async (original) => {
  const real = await original<typeof O200k>();
  const countTokens: typeof real.countTokens = (text, ...rest) => {
    seen.texts++;
    for (const run of String(text).split(/\s/)) seen.longest = Math.max(seen.longest, run.length);
    // A long run is recorded, not counted: counting it is what took minutes.
    return seen.longest > 1024 ? 0 : real.countTokens(text, ...rest);
  };
  return { ...real, countTokens };
});

// The suites share a worker: later files import the real tokenizer again.
afterAll(() => {
  vi.doUnmock('gpt-tokenizer/encoding/o200k_base');
  vi.resetModules();
});

describe('the scripted model given a tool call of 3,000,000 characters', () => {
  it('counts its tokens a piece of at most 1,024 characters at a time', async () => {
    // Imported afresh, so that the tokenizer it counts with is the one watched above.
    vi.resetModules();
    const { createScriptedModel } = await import('../../../runners/models/scripted.js');
    const text = 'x'.repeat(3_000_000);
    const model = createScriptedModel({
      steps: [
        {
          prompt: 'write it',
          toolCalls: [{ tool: 'edit_file', arguments: { path: 'big.txt', mode: 'write', text } }],
        },
      ],
    });
    const answer = await model.respond(request([user('write it')]));
    expect(answer.toolCalls[0]?.arguments).toEqual({ path: 'big.txt', mode: 'write', text });
    expect(seen.texts).toBeGreaterThan(0);
    expect(seen.longest).toBeLessThanOrEqual(1024);
    // Counted, not skipped: the run is at least a token for every few characters.
    expect(answer.usage?.completionTokens).toBeGreaterThan(3_000_000 / 16);
  });
});
