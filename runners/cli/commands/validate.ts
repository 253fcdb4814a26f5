/** `wisp-eval validate FILE`: checks a scenario file and says what it holds. */
import { loadScenarioFile } from '../../../scenarios/load.js';
import { checkModelSteps } from '../../models/index.js';
import { expectsAbstention } from '../../../scenarios/schema.js';
import type { CliIO } from '../io.js';

export async function validateCommand(file: string, io: CliIO): Promise<number> {
  const { scenario } = await loadScenarioFile(file);
  checkModelSteps(scenario, file);
  const probes = scenario.steps.flatMap((s) => ('ask' in s ? [s] : []));
  const neverGiven = probes.filter((p) => expectsAbstention(p.expect)).length;
  const counted = `${probes.length} probes` + (neverGiven > 0 ? ` (${neverGiven} never given)` : '');
  io.out(`${file}: ok: scenario ${scenario.name}, ${scenario.steps.length} steps, ${counted}`);
  return 0;
}
