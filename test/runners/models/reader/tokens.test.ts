import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { TokenCounter } from '../../../../runners/models/reader/tokens.js';
import { request, user } from './conversation-fixtures.js';

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
    // o200k counts, worked out by hand: the contents 8 (system) + 10 (prompt) + 0 (the call's
    // empty text) + 9 (the output); 4 a message for four messages, 16; the call as
    // [{"tool":"read_file","arguments":{"path":"notes/plan.md"}}], 17; the two tools' specs, 74.
    expect(encode('[{"tool":"read_file","arguments":{"path":"notes/plan.md"}}]')).toHaveLength(17);
    expect(counter.request({ ...req, tools: [] })).toBe(8 + 10 + 0 + 9 + 16 + 17);
    expect(counter.request(req)).toBe(60 + 74);
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
