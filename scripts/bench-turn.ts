/**
 * The engine's time per turn on `reading` under `target` at 8,192 tokens on the reader: the median
 * over repeated runs in one process (after a warm-up run), and the first, cold run on its own line.
 *
 *   npx tsx scripts/bench-turn.ts [RUNS]
 */
import { createModel } from '../runners/models/index.js';
import { runScenario } from '../runners/run/run-scenario.js';
import { resolveScenario } from '../scenarios/index.js';
import { resolveStrategy } from '../strategies/index.js';

const runs = Number(process.argv[2] ?? 30);
const scenario = await resolveScenario('reading');
const perTurn: number[] = [];
for (let i = 0; i <= runs; i++) {
  const { record } = await runScenario(
    { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 8192, run: 0 },
    createModel,
  );
  perTurn.push(record.timing.engineMs / record.turns);
}
const [cold, ...warm] = perTurn;
warm.sort((a, b) => a - b);
console.log(
  `reading, target, reader, 8,192: engine ms per turn: cold ${cold?.toFixed(3)}, warm median ${warm[Math.floor(warm.length / 2)]?.toFixed(3)} over ${warm.length} runs`,
);
