import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_OVERHEAD_TOKENS,
  TokenCounter,
  toolCallsJson,
} from '../../../../runners/models/reader/tokens.js';
import { TOOLS, request, user } from './conversation-fixtures.js';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('TokenCounter', () => {
  it('counts with a real BPE tokenizer, not four bytes a token', () => {
    const counter = new TokenCounter();
    const samples = [
      'Unbelievably, the otter-shaped lighthouse reopened on 2031-04-17 at 06:45.',
      '    const total = items.reduce((sum, item) => sum + item.weight, 0);',
      'Ελληνικά και 日本語 mixed with plain English words.',
    ];
    for (const text of samples) expect(counter.text(text)).toBe(encode(text).length);
    const differing = samples.filter((text) => counter.text(text) !== Math.ceil(bytes(text) / 4));
    expect(differing.length).toBeGreaterThan(0);
  });

  it('treats special-token spellings as ordinary text', () => {
    const counter = new TokenCounter();
    expect(counter.text('before <|endoftext|> after')).toBeGreaterThan(3);
  });

  it('counts a request as contents plus four a message, tool-call JSON and the tool specs', () => {
    const counter = new TokenCounter();
    const call = { callId: 'c1', tool: 'read_file', arguments: { path: 'notes/plan.md' } };
    const req = request([
      user('Please have a look at notes/plan.md.'),
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', callId: 'c1', tool: 'read_file', content: '1\t# Plan\n[end of file]' },
    ]);
    const expected =
      req.messages.reduce((sum, m) => sum + encode(m.content).length + MESSAGE_OVERHEAD_TOKENS, 0) +
      encode(toolCallsJson([call])).length +
      encode(JSON.stringify(TOOLS)).length;
    expect(counter.request(req)).toBe(expected);
    expect(counter.request({ ...req, tools: [] })).toBe(expected - encode(JSON.stringify(TOOLS)).length);
  });

  it('keeps its cache bounded and per instance', () => {
    const small = new TokenCounter(3);
    for (const word of ['alpha beta', 'gamma delta', 'epsilon', 'zeta eta', 'theta']) small.text(word);
    expect(small.cachedTexts).toBe(3);
    const other = new TokenCounter(3);
    expect(other.cachedTexts).toBe(0);
    // A cached count is still the right count.
    expect(small.text('theta')).toBe(encode('theta').length);
  });
});
