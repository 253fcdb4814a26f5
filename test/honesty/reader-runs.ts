/**
 * Reader runs of the built-in scenarios for the honesty tests: each run's record and its logged
 * model calls, made in-process with the registry's models, as `wisp-eval run` makes them.
 */
import type { ModelRequest, ModelResponse } from '../../engine/index.js';
import { createModel } from '../../runners/models/index.js';
import { runScenario } from '../../runners/run/run-scenario.js';
import { type CallRecord, type RunOutcome } from '../../records/run-outcome.js';
import { resolveScenario } from '../../scenarios/index.js';
import type { LoadedScenario } from '../../scenarios/load.js';
import { resolveStrategy } from '../../strategies/index.js';

/** A run to make: a built-in scenario, a strategy, a reader profile and a window. */
export interface ReaderRun {
  scenario: string;
  strategy: string;
  model: 'reader' | 'reader-counting' | 'reader-strict';
  window: number;
}

/** A finished run with the scenario it ran. */
export interface MadeRun extends ReaderRun {
  loaded: LoadedScenario;
  outcome: RunOutcome;
}

/** A logged call the model answered through `respond`: a turn's request and its reply or error. */
export type TurnCall = CallRecord & { kind: 'respond'; request: ModelRequest; response?: ModelResponse };

/** The label a run goes by in test names. */
export const label = (run: ReaderRun): string => `${run.scenario} ${run.strategy} ${run.model} ${run.window}`;

/** Makes each run once, in order. */
export async function makeRuns(runs: readonly ReaderRun[]): Promise<MadeRun[]> {
  const made: MadeRun[] = [];
  for (const run of runs) {
    const loaded = await resolveScenario(run.scenario);
    const outcome = await runScenario(
      {
        scenario: loaded,
        strategy: resolveStrategy(run.strategy),
        model: run.model,
        window: run.window,
        run: 0,
      },
      createModel,
    );
    made.push({ ...run, loaded, outcome });
  }
  return made;
}

/** The run's calls for turns (purpose `turn`), in the order made. */
export function turnCalls(run: MadeRun): TurnCall[] {
  return run.outcome.files.requests.filter(
    (call): call is TurnCall => call.purpose === 'turn' && call.kind === 'respond',
  );
}

/** A tool call as content: the tool and its arguments, without the id the model minted for it. */
export const toolCallContent = (calls: ModelResponse['toolCalls']) =>
  calls.map((call) => ({ tool: call.tool, arguments: call.arguments }));
