import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { tokens, withinReach } from '../../../../runners/models/reader/nlp.js';
import { contentStems, stem } from '../../../../runners/models/reader/text.js';
import { TokenCounter } from '../../../../runners/models/reader/tokens.js';
import { request, user } from './conversation-fixtures.js';

// A run of letters far longer than any word (a pasted blob): the reader's language tools backtrack
// over a whole token, so each bounds how much of such a run it reads.
const blob = 'q'.repeat(20_000);

describe('a run of characters far longer than a word', () => {
  it('is its own stem', () => {
    expect(stem(`${blob}ing`)).toBe(`${blob}ing`);
    expect(contentStems(`the ${blob}s were testing`)).toEqual([`${blob}s`, stem('testing')]);
  });

  it('is read by wink up to 256 characters, the rest of the text whole', () => {
    expect(withinReach(`open ${blob} now`)).toBe(`open ${'q'.repeat(256)} now`);
    expect(withinReach('short words stay as they are')).toBe('short words stay as they are');
    expect(tokens(`open ${blob} now`).map((token) => token.value)).toEqual(['open', 'q'.repeat(256), 'now']);
  });

  it('is counted in pieces of 1,024 characters, each as the tokenizer counts it', () => {
    const pieces = Math.ceil(blob.length / 1024);
    const piece = encode('q'.repeat(1024)).length;
    const last = encode('q'.repeat(blob.length - (pieces - 1) * 1024)).length;
    expect(new TokenCounter().text(blob)).toBe((pieces - 1) * piece + last);
    // Text with no long run is counted whole, as before.
    expect(new TokenCounter().text('a b c')).toBe(encode('a b c').length);
    // Any white space ends a run, as `\s` has it: two runs of 600 around an ideographic space are short.
    const spaced = `${'q'.repeat(600)}\u3000${'q'.repeat(600)}`;
    expect(new TokenCounter().text(spaced)).toBe(encode(spaced).length);
  });

  it('leaves the reader able to take the message in', async () => {
    const reader = createReaderModel({ profile: 'reader', window: 32_768 });
    const said = await reader.respond(request([user(`The archive key is ${blob}.`)]));
    expect(said.text).toBe('Noted.');
  });
});
