/**
 * Runs of the generality suite, in this process, on the reader at one window: every run goes through
 * the real run loop (`runScenario`), so what the reader receives is what the engine sends. The
 * sandbox is looked up once and unchanged workspaces are handed on from run to run, since the suite
 * makes a few hundred small runs.
 */
import { createModel } from '../../runners/models/index.js';
import { runScenario, type RunOutcome, type ScenarioSource } from '../../runners/run/run-scenario.js';
import { COMMAND_TIMEOUT_MS } from '../../runners/tools/command-tool.js';
import { detectSandbox } from '../../runners/tools/sandbox.js';
import { WorkspacePool } from '../../runners/workspace/fs-workspace.js';
import { resolveStrategy } from '../../strategies/index.js';

/** The window every run of the suite uses. */
export const WINDOW = 32768;
/** The model every run of the suite uses. */
export const MODEL = 'reader';

/** Makes runs; `close` removes the workspaces kept between them. */
export interface SuiteRunner {
  run(source: ScenarioSource, strategy: string): Promise<RunOutcome>;
  close(): Promise<void>;
}

/** A runner for the suite's runs. */
export async function suiteRunner(): Promise<SuiteRunner> {
  const commands = { timeoutMs: COMMAND_TIMEOUT_MS, sandbox: await detectSandbox(process.env) };
  const workspaces = new WorkspacePool();
  return {
    run: (source, strategy) =>
      runScenario(
        { scenario: source, strategy: resolveStrategy(strategy), model: MODEL, window: WINDOW, run: 0 },
        createModel,
        { commands, workspaces },
      ),
    close: () => workspaces.drain(),
  };
}
