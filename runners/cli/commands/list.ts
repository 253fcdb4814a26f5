/**
 * `wisp-eval list scenarios|strategies|models`. Each registry is imported only when it is listed:
 * the models' pulls in the reader and the run loop, the scenarios' the YAML parser. Descriptions
 * wrap to the terminal's width (80 columns off a terminal).
 */
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';
import { formatTable } from '../../../reports/text-table.js';

export async function listCommand(what: string, io: CliIO): Promise<number> {
  let rows: string[][];
  switch (what) {
    case 'scenarios': {
      const { builtinScenarios } = await import('../../../scenarios/index.js');
      rows = [...builtinScenarios.values()].map((s) => [s.scenario.name, s.scenario.description]);
      break;
    }
    case 'strategies': {
      const { builtinStrategies } = await import('../../../strategies/index.js');
      rows = [...builtinStrategies.values()].map((s) => [s.name, s.description]);
      break;
    }
    case 'models': {
      const { modelListing } = await import('../../models/index.js');
      rows = modelListing();
      break;
    }
    default:
      throw new UsageError(`list ${what}: choose scenarios, strategies or models`);
  }
  // The descriptions wrap to the terminal's width, or to 80 columns when printed to a pipe or file.
  const width = io.columns ?? 80;
  for (const line of formatTable(['name', 'description'], rows, { width })) io.out(line);
  return 0;
}
