/**
 * `wisp-eval validate FILE`: checks a scenario file and says what it holds; a step that names a file
 * its workspace does not hold is a warning on stderr (exit 0).
 */
import { loadScenarioFile } from '../../../scenarios/load.js';
import { unheldFileWarnings } from '../../../scenarios/named-files.js';
import { checkModelSteps } from '../../models/index.js';
import { expectsAbstention } from '../../../scenarios/schema.js';
import type { CliIO } from '../io.js';

export async function validateCommand(file: string, io: CliIO): Promise<number> {
  const loaded = await loadScenarioFile(file);
  const { scenario } = loaded;
  checkModelSteps(scenario, file);
  for (const line of await unheldFileWarnings(loaded)) io.err(`wisp-eval: ${line}`);
  const probes = scenario.steps.flatMap((s) => ('ask' in s ? [s] : []));
  const neverGiven = probes.filter((p) => expectsAbstention(p.expect)).length;
  const counted = `${probes.length} probes` + (neverGiven > 0 ? ` (${neverGiven} never given)` : '');
  io.out(`${file}: ok: scenario ${scenario.name}, ${scenario.steps.length} steps, ${counted}`);
  return 0;
}
