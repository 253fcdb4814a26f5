/** `wisp-eval validate FILE`: checks a scenario file and says what it holds. */
import { loadScenarioFile } from '../../../scenarios/load.js';
import type { CliIO } from '../io.js';

export async function validateCommand(file: string, io: CliIO): Promise<number> {
  const { scenario } = await loadScenarioFile(file);
  const probes = scenario.steps.filter((s) => 'ask' in s).length;
  io.out(`${file}: ok: scenario ${scenario.name}, ${scenario.steps.length} steps, ${probes} probes`);
  return 0;
}
