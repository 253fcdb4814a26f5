import { describe, expect, it } from 'vitest';
import { UnknownModelError, UsageError } from '../../../runners/errors.js';
import { applyModelSetting, defaultModelSettings } from '../../../runners/models/model-settings.js';
import { parseModelName } from '../../../runners/models/names.js';
import { ollamaHost } from '../../../runners/models/ollama/host.js';
import { recogniseServerOverflow } from '../../../runners/models/openai/overflow.js';

const builtins = ['reader', 'scripted'];

describe('model names', () => {
  it('reads built-ins and the server prefixes, keeping the rest of the name whole', () => {
    expect(parseModelName('reader', builtins)).toEqual({ kind: 'builtin', name: 'reader' });
    expect(parseModelName('ollama:granite4.1:8b', builtins)).toEqual({
      kind: 'ollama',
      model: 'granite4.1:8b',
    });
    expect(parseModelName('openai:qwen', builtins)).toEqual({ kind: 'openai', model: 'qwen' });
  });

  it('refuses a prefix with no model, an unknown prefix and an unknown name, each saying what is known', () => {
    expect(() => parseModelName('ollama:', builtins)).toThrow(/names no model: give ollama:<model>/);
    expect(() => parseModelName('vllm:qwen', builtins)).toThrow(/"vllm:" is no model prefix/);
    expect(() => parseModelName('gpt', builtins)).toThrow(/known models: reader, scripted, ollama:<model>/);
    expect(() => parseModelName('ollama:', builtins)).toThrow(UnknownModelError);
  });
});

describe('model settings', () => {
  it('are greedy with a fixed seed and Ollama truncation unless set', () => {
    expect(defaultModelSettings()).toEqual({ temperature: 0, seed: 42, truncate: true, retries: 2 });
    let s = applyModelSetting(defaultModelSettings(), 'model.truncate=false');
    s = applyModelSetting(s, 'model.temperature=0.7');
    s = applyModelSetting(s, 'model.seed=7');
    expect(s).toEqual({ temperature: 0.7, seed: 7, truncate: false, retries: 2 });
  });

  it('refuse unknown names and bad values with what is allowed', () => {
    expect(() => applyModelSetting(defaultModelSettings(), 'model.top_k=3')).toThrow(
      /unknown model setting.*model.truncate/,
    );
    expect(() => applyModelSetting(defaultModelSettings(), 'model.truncate=maybe')).toThrow(UsageError);
    expect(() => applyModelSetting(defaultModelSettings(), 'model.retries=99')).toThrow(/0 to 10/);
  });
});

describe("Ollama's host", () => {
  it('comes from --host, else OLLAMA_HOST, else the local default, read as Ollama reads it', () => {
    expect(ollamaHost(undefined, {})).toBe('http://127.0.0.1:11434');
    expect(ollamaHost(undefined, { OLLAMA_HOST: '10.0.0.5' })).toBe('http://10.0.0.5:11434');
    expect(ollamaHost(undefined, { OLLAMA_HOST: ':8000' })).toBe('http://127.0.0.1:8000');
    expect(ollamaHost('http://gpu:9000', { OLLAMA_HOST: '10.0.0.5' })).toBe('http://gpu:9000');
  });
});

describe('OpenAI-compatible overflow errors', () => {
  it('read the limit and the count each wording states', () => {
    const openai = recogniseServerOverflow(
      "This model's maximum context length is 8,192 tokens. However, you requested 9100 tokens (8600 in the messages, 500 in the completion).",
      undefined,
      4096,
    );
    expect(openai).toMatchObject({ limit: 8192, count: 9100 });
    const llama = recogniseServerOverflow(
      'the request exceeds the available context size, try increasing it',
      { n_prompt_tokens: 5000, n_ctx: 4096 },
      8192,
    );
    expect(llama).toMatchObject({ limit: 4096, count: 5000 });
    const bare = recogniseServerOverflow('the request exceeds the available context size', {}, 8192);
    expect(bare).toMatchObject({ limit: 8192, count: null });
    expect(recogniseServerOverflow('model not found', {}, 8192)).toBeNull();
  });
});
