import { describe, expect, it } from 'vitest';
import { ContextOverflowError } from '../../../../engine/model/port.js';
import { ModelFailure } from '../../../../engine/errors.js';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { TokenCounter } from '../../../../runners/models/reader/tokens.js';
import { truncateFront } from '../../../../runners/models/reader/window.js';
import type { ReaderProfile } from '../../../../runners/models/reader/window.js';
import { SYSTEM, assistant, request, user } from './conversation-fixtures.js';

// Six turns of chatter; the one statement the question needs sits in the oldest turn.
const history: Message[] = [
  user('The greenhouse sensor reports humidity every ninety seconds.'),
  assistant('Noted.'),
  user('Basil seedlings go on the east shelf this season.'),
  assistant('Noted.'),
  user('The watering pump was serviced by a technician from the co-op last spring.'),
  assistant('Noted.'),
];
const question = user('How often does the greenhouse sensor report humidity?');
const full = request([...history, question]);
const fullCount = new TokenCounter().request(full);

describe('reader profile (Ollama-like truncation)', () => {
  it('answers from everything when the request fits, and reports what it processed', async () => {
    const model = createReaderModel({ profile: 'reader', window: fullCount });
    const response = await model.respond(full);
    expect(response.text).toContain('ninety seconds');
    expect(response.usage?.promptTokens).toBe(fullCount);
    expect(response.usage?.completionTokens).toBeGreaterThan(0);
    expect(model.window).toBe(fullCount);
    expect(model.reportsUsage).toBe(true);
    expect(model.countTokens).toBeUndefined();
  });

  it('drops the oldest messages whole, keeping the system message and the last one', async () => {
    const window = fullCount - 5;
    const counter = new TokenCounter();
    const kept = truncateFront(full, window, counter);
    expect(kept.messages[0]).toEqual(SYSTEM);
    expect(kept.messages.at(-1)).toEqual(question);
    // Only the first history message had to go: it alone is more than five tokens.
    expect(kept.messages).toHaveLength(full.messages.length - 1);
    expect(kept.messages).not.toContainEqual(history[0]);
    expect(kept.promptTokens).toBe(counter.request({ ...full, messages: kept.messages }));
    expect(kept.promptTokens).toBeLessThanOrEqual(window);
  });

  it('silently loses what was dropped, and the usage tells', async () => {
    const model = createReaderModel({ profile: 'reader', window: fullCount - 5 });
    const response = await model.respond(full);
    expect(response.text).toContain("I don't know");
    expect(response.usage?.promptTokens).toBeLessThan(fullCount);
    expect(response.usage?.promptTokens).toBeLessThanOrEqual(fullCount - 5);
  });

  it('keeps the system message and the last message even when they alone overflow', () => {
    const counter = new TokenCounter();
    const kept = truncateFront(full, 10, counter);
    expect(kept.messages).toEqual([SYSTEM, question]);
    expect(kept.promptTokens).toBe(counter.request({ ...full, messages: [SYSTEM, question] }));
  });
});

describe('reader-counting profile (generic overflow error)', () => {
  it('counts, reports no usage, and states its window', async () => {
    const model = createReaderModel({ profile: 'reader-counting', window: 4096 });
    expect(model.name).toBe('reader-counting');
    expect(model.window).toBe(4096);
    expect(model.reportsUsage).toBe(false);
    expect(await model.countTokens?.(full)).toBe(fullCount);
    const response = await model.respond(full);
    expect(response.usage).toBeUndefined();
    expect(response.text).toContain('ninety seconds');
  });

  it('fails with the exact "Provided N tokens" message on overflow', async () => {
    const model = createReaderModel({ profile: 'reader-counting', window: fullCount - 1 });
    const failure = model.respond(full);
    await expect(failure).rejects.toThrow(
      `Provided ${fullCount} tokens, but the maximum allowed is ${fullCount - 1}`,
    );
    // A model's failure, as a runtime's generic error reaches the engine: not a typed overflow.
    await expect(failure).rejects.toBeInstanceOf(ModelFailure);
    await expect(failure).rejects.not.toBeInstanceOf(ContextOverflowError);
  });

  it('writes large numbers without separators', async () => {
    const big = request([user('word '.repeat(3000))]);
    const count = new TokenCounter().request(big);
    const model = createReaderModel({ profile: 'reader-counting', window: 1000 });
    await expect(model.respond(big)).rejects.toThrow(
      `Provided ${count} tokens, but the maximum allowed is 1000`,
    );
    expect(String(count)).toMatch(/^\d{4,}$/);
  });
});

describe('reader-strict profile (typed overflow error)', () => {
  it('does not state its window but reports usage', async () => {
    const model = createReaderModel({ profile: 'reader-strict', window: 8192 });
    expect(model.window).toBeUndefined();
    expect('window' in model).toBe(false);
    expect(model.reportsUsage).toBe(true);
    const response = await model.respond(full);
    expect(response.usage?.promptTokens).toBe(fullCount);
  });

  it('throws ContextOverflowError with the limit and the count', async () => {
    const model = createReaderModel({ profile: 'reader-strict', window: 40 });
    const error = await model.respond(full).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContextOverflowError);
    expect(error).toMatchObject({ limit: 40, count: fullCount, code: 'CONTEXT_OVERFLOW' });
  });

  it('does not charge the answer against the window', async () => {
    // Exactly the prompt fits: the reply's tokens come on top and do not overflow.
    const model = createReaderModel({ profile: 'reader-strict', window: fullCount });
    const response = await model.respond(full);
    expect(response.usage?.completionTokens).toBeGreaterThan(0);
  });
});

describe('createReaderModel', () => {
  it('names the model after its profile and refuses a window that is not a token count', () => {
    expect(createReaderModel({ profile: 'reader', window: 100 }).name).toBe('reader');
    expect(() => createReaderModel({ profile: 'reader', window: 0 })).toThrow(/window/);
    const unknown = 'reader-lenient' as ReaderProfile;
    expect(() => createReaderModel({ profile: unknown, window: 100 })).toThrow(/unknown reader profile/);
  });
});
