/** Small builders shared by the engine's tests. */
import type { ModelPort, ModelRequest, ModelResponse } from '../../engine/model/port.js';
import { ContextStore } from '../../engine/store/store.js';

/** A store with the instructions and the given turns, each a prompt, optional tool exchange, and a reply. */
export function storeWithTurns(
  turns: { prompt: string; output?: string; reply?: string; command?: boolean }[],
): ContextStore {
  const store = new ContextStore();
  store.append({
    kind: 'instructions',
    turn: 0,
    origin: 'carried',
    text: 'be brief',
    sources: ['evt-0'],
    recordedAt: 0,
  });
  let turn = 0;
  for (const t of turns) {
    if (!t.command) turn += 1;
    store.append({
      kind: 'prompt',
      turn: t.command ? turn + 1 : turn,
      text: t.prompt,
      personCommand: t.command ?? false,
      sources: [],
      recordedAt: 0,
    });
    if (t.output !== undefined) {
      const call = { callId: `c${store.nextId()}`, tool: 'read_file', arguments: { path: 'a.md' } };
      store.append({ kind: 'toolCall', turn, text: '{}', call, sources: [], recordedAt: 0 });
      store.append({
        kind: 'toolOutput',
        turn,
        text: t.output,
        call,
        outcome: { ok: true },
        sources: [],
        recordedAt: 0,
      });
    }
    if (t.reply !== undefined)
      store.append({ kind: 'reply', turn, text: t.reply, sources: [], recordedAt: 0 });
  }
  return store;
}

/** A model driven by a function of the request, reporting usage as bytes/4. */
export function fakeModel(
  answer: (request: ModelRequest, call: number) => ModelResponse | Promise<ModelResponse>,
  extra: Partial<ModelPort> = {},
): ModelPort & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: 'fake',
    reportsUsage: true,
    requests,
    respond: async (request) => {
      requests.push(request);
      return answer(request, requests.length);
    },
    ...extra,
  };
}
