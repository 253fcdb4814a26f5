import { describe, expect, it } from 'vitest';
import { RequestSizer, byteLength, requestBytes } from '../../../engine/measure/estimate.js';
import type { ModelRequest } from '../../../engine/model/port.js';

const utf8 = (text: string) => new TextEncoder().encode(text).length;

describe('byte lengths', () => {
  it('are UTF-8 lengths, for ASCII and for everything else', () => {
    const samples = [
      'plain ASCII text',
      '',
      'café',
      '潮汐の記録',
      'an emoji 😀',
      'a lone \ud800 surrogate',
      '\u007f\u0080',
    ];
    for (const text of samples) expect(byteLength(text)).toBe(utf8(text));
    expect(byteLength('café')).toBe(5);
    expect(byteLength('😀')).toBe(4);
  });
});

describe('a conversation’s request sizer', () => {
  const long = 'A document line that is long enough to be remembered by the sizer. '.repeat(20);
  const request: ModelRequest = {
    messages: [
      { role: 'system', content: 'Instructions for the model.' },
      { role: 'user', content: `Please read this: ${long}` },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ callId: 'c1', tool: 'read_file', arguments: { path: 'docs/é.md' } }],
      },
      { role: 'tool', callId: 'c1', tool: 'read_file', content: long },
      { role: 'assistant', content: 'Résumé: it is long.' },
    ],
    tools: [{ name: 'read_file', description: 'Read a file.', parameters: { type: 'object' } }],
  };

  it('measures a request as requestBytes does, the first time and every time after', () => {
    const sizer = new RequestSizer();
    const expected = requestBytes(request);
    expect(sizer.request(request)).toBe(expected);
    expect(sizer.request(request)).toBe(expected);
    // A request made of the same texts in new message objects measures the same.
    expect(sizer.request({ ...request, messages: request.messages.map((m) => ({ ...m })) })).toBe(expected);
  });

  it('tells apart texts of the same length', () => {
    const sizer = new RequestSizer();
    const ascii = 'x'.repeat(100);
    const accented = 'é'.repeat(100);
    expect(sizer.text(ascii)).toBe(100);
    expect(sizer.text(accented)).toBe(200);
    expect(sizer.text(ascii)).toBe(100);
  });
});
