/**
 * Benchmarks the engine's hot paths with tinybench: composing a request from a long store (done for
 * every request and every measurement during a condensation), the reader's token count, and whole
 * runs of the built-in scenarios on the reader at 8,192 tokens.
 *
 *   npx tsx scripts/bench-engine.ts
 */
import { Bench } from 'tinybench';
import { ContextStore, composeMessages } from '../engine/index.js';
import { createModel } from '../runners/models/index.js';
import { TokenCounter } from '../runners/models/reader/tokens.js';
import { runScenario } from '../runners/run/run-scenario.js';
import { resolveScenario } from '../scenarios/index.js';
import { resolveStrategy } from '../strategies/index.js';

/** A store of `turns` reading turns, each a prompt, a call, a 5 KB output and a reply. */
function longStore(turns: number): ContextStore {
  const store = new ContextStore();
  store.append({
    kind: 'instructions',
    turn: 0,
    origin: 'carried',
    text: 'instructions',
    sources: [],
    recordedAt: 0,
  });
  const page = Array.from({ length: 80 }, (_, i) => `${i + 1}\tline ${i + 1} of a document page`).join('\n');
  for (let t = 1; t <= turns; t++) {
    const call = { callId: `c${t}`, tool: 'read_file', arguments: { path: `docs/${t}.md` } };
    store.append({ kind: 'prompt', turn: t, text: `Please read docs/${t}.md.`, sources: [], recordedAt: 0 });
    store.append({ kind: 'toolCall', turn: t, text: '{}', call, sources: [], recordedAt: 0 });
    store.append({ kind: 'toolOutput', turn: t, text: page, call, sources: [], recordedAt: 0 });
    store.append({ kind: 'reply', turn: t, text: 'I read it.', sources: [], recordedAt: 0 });
  }
  return store;
}

const store = longStore(200);
const active = store.active();
const counter = new TokenCounter();
const request = { messages: composeMessages(active.slice(0, 60), { turn: 201 }), tools: [] };
const scenarios = await Promise.all(['codename', 'reading', 'digression'].map((n) => resolveScenario(n)));

const bench = new Bench({ time: 1000 });
bench.add('compose 200 turns', () => {
  composeMessages(active, { turn: 201 });
});
bench.add('reader count, 15 turns (cached)', () => {
  counter.request(request);
});
for (const strategy of ['dropping', 'target']) {
  for (const scenario of scenarios) {
    bench.add(`run ${scenario.scenario.name} ${strategy} 8192`, async () => {
      await runScenario(
        { scenario, strategy: resolveStrategy(strategy), model: 'reader', window: 8192, run: 0 },
        createModel,
      );
    });
  }
}
await bench.run();
console.table(bench.table());
