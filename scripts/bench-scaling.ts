/**
 * How the engine's own time per turn grows with the conversation: tinybench drives the engine alone
 * (a scripted model that answers at once, an in-memory workspace, no reader) through conversations
 * of 100, 300 and 1,000 reading turns at a 131,072-token window, and prints the engine's time per
 * turn at each length, with the ratio to the shortest. Each turn reads a 2 KB document and replies;
 * the outputs go as references from the next turn, so the context grows with every turn.
 *
 *   npx tsx scripts/bench-scaling.ts [TURNS ...]
 */
import { Bench } from 'tinybench';
import {
  Conversation,
  defaultSettings,
  memorySink,
  readFileTool,
  sequentialIds,
  steppingClock,
  type ModelPort,
  type ModelRequest,
  type ModelResponse,
  type Workspace,
} from '../engine/index.js';
import { ScriptFailure } from './errors.js';

const WINDOW = 131_072;
const lengths = process.argv.slice(2).map(Number).filter(Number.isInteger);
const TURNS = lengths.length > 0 ? lengths : [100, 300, 1000];

/** Documents of about 2 KB: numbered lines of plain prose. */
const workspace: Workspace = {
  readText: async (path) =>
    Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of ${path}: the mirror keeps what it fetched.`).join(
      '\n',
    ),
  writeText: async () => {},
};

/** Reads the file a prompt names, then replies in one sentence; usage at four bytes a token. */
const model: ModelPort = {
  name: 'bench',
  reportsUsage: true,
  window: WINDOW,
  async respond(request: ModelRequest): Promise<ModelResponse> {
    const last = request.messages.at(-1);
    const promptTokens = request.messages.length * 40;
    if (last?.role === 'user') {
      const path = /read (\S+) /.exec(last.content)?.[1] ?? 'docs/none.md';
      return {
        text: '',
        toolCalls: [{ callId: '', tool: 'read_file', arguments: { path } }],
        usage: { promptTokens, completionTokens: 10 },
      };
    }
    return {
      text: 'I read it: the mirror keeps what it fetched.',
      toolCalls: [],
      usage: { promptTokens, completionTokens: 12 },
    };
  },
};

/** The engine's milliseconds per turn over one conversation of `turns` turns. */
async function engineMsPerTurn(turns: number): Promise<number> {
  const conversation = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => performance.now()),
    ids: sequentialIds(),
    audit: memorySink(),
    tools: [readFileTool(workspace)],
    settings: defaultSettings(),
    instructions: 'You read documents and summarise them.',
  });
  let engineMs = 0;
  for (let t = 1; t <= turns; t++) {
    const figures = await conversation.turn(`Please read docs/part-${t}.md and summarise it.`);
    if (figures.status !== 'completed')
      throw new ScriptFailure(`turn ${t} failed: ${figures.error?.message}`);
    engineMs += figures.engineMs;
  }
  return engineMs / turns;
}

const perTurn = new Map<number, number[]>();
const bench = new Bench({ time: 0, iterations: 3, warmupIterations: 1 });
for (const turns of TURNS) {
  perTurn.set(turns, []);
  bench.add(`${turns} turns at ${WINDOW}`, async () => {
    perTurn.get(turns)?.push(await engineMsPerTurn(turns));
  });
}
await bench.run();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const base = median(perTurn.get(TURNS[0] ?? 0) ?? []);
console.table(
  TURNS.map((turns) => {
    const ms = median(perTurn.get(turns) ?? []);
    return {
      turns,
      'engine ms/turn (median)': ms.toFixed(3),
      'vs shortest': `${(ms / base).toFixed(2)}x`,
      'turns vs shortest': `${(turns / (TURNS[0] ?? 1)).toFixed(1)}x`,
    };
  }),
);
