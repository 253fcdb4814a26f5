import { describe, expect, it } from 'vitest';
import { inStandardSpelling } from '../../../../runners/models/reader/spelling.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import type { Message } from '../../../../engine/model/port.js';
import { assistant, request, user } from './conversation-fixtures.js';

describe('informal spelling, read as the words it stands for', () => {
  it('restores the apostrophe of a contraction and spells out the short forms of chat', () => {
    expect(inStandardSpelling('whats the kiln temp, i dunno')).toBe("what's the kiln temp, i don't know");
    expect(inStandardSpelling('where r the pots, can u check')).toBe('where are the pots, can you check');
    expect(inStandardSpelling('Im gonna fire it. Dont open it.')).toBe(
      "I'm going to fire it. Don't open it.",
    );
  });

  it('leaves words of their own, and a letter in capitals, as written', () => {
    for (const text of [
      "its lid lets heat out, well I'd say",
      'the shed were cold',
      'plot it in R, then U-turn',
      'store the id',
    ]) {
      expect(inStandardSpelling(text)).toBe(text);
    }
  });

  it('leaves a form inside a path, an option, a value or code as written', () => {
    for (const text of [
      'chmod u+x kiln.sh',
      'run it with -r',
      'open notes/r.txt',
      'set it to `u`',
      'the u-boat file',
      'r/kilns is a forum',
    ]) {
      expect(inStandardSpelling(text)).toBe(text);
    }
  });

  it('lets the reader take a question typed in chat for a question, and answer it', async () => {
    const messages: Message[] = [
      user('the pots r going on the top shelf now'),
      assistant('Noted.'),
      user('whats the kiln temp btw'),
    ];
    const model = createReaderModel({ profile: 'reader', window: 32_768 });
    // Asked, though nothing in view says it: the reader abstains, not "Noted.".
    expect((await model.respond(request(messages))).text).not.toBe('Noted.');
    const asked = [...messages.slice(0, 2), user('where r the pots going')];
    expect((await model.respond(request(asked))).text).toMatch(/top shelf/);
  });
});
