/** `wisp-eval list scenarios|strategies|models`. */
import { UsageError } from '../../errors.js';
import { builtinScenarios } from '../../../scenarios/index.js';
import { builtinStrategies } from '../../../strategies/index.js';
import { builtinModels } from '../../models/index.js';
import type { CliIO } from '../io.js';
import { formatTable } from '../../../reports/text-table.js';

export function listCommand(what: string, io: CliIO): number {
  let rows: string[][];
  switch (what) {
    case 'scenarios':
      rows = [...builtinScenarios.values()].map((s) => [s.scenario.name, s.scenario.description]);
      break;
    case 'strategies':
      rows = [...builtinStrategies.values()].map((s) => [s.name, s.description]);
      break;
    case 'models':
      rows = [...builtinModels.entries()].map(([name, m]) => [name, m.description]);
      break;
    default:
      throw new UsageError(`list ${what}: choose scenarios, strategies or models`);
  }
  for (const line of formatTable(['name', 'description'], rows)) io.out(line);
  return 0;
}
