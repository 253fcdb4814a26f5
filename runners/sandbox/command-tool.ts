/**
 * run_command as the engine sees it: a Tool whose effect is a real process in the run's workspace
 * (or a scenario's scripted result), with a time limit, a clean environment and a bounded result.
 */
import { errorResult, stringArgument, type OutputStore, type Tool } from '../../engine/index.js';
import { runCommand, type ScriptedCommand } from './run-command.js';
import type { Sandbox } from './sandbox.js';

export interface CommandToolOptions {
  /** The workspace folder: the command's working directory. */
  cwd: string;
  store: OutputStore;
  timeoutMs?: number;
  scripted?: Record<string, ScriptedCommand>;
  /** How commands are contained. */
  sandbox?: Sandbox;
  /**
   * The run's own user id when the harness is root, asked for before each command: a run that runs
   * none never picks one (picking one scans the processes).
   */
  user?: () => Promise<number | undefined>;
}

/** The default time limit of one command (`--set tools.commandTimeout=SECONDS` changes it). */
export const COMMAND_TIMEOUT_MS = 30_000;

export function commandTool(options: CommandToolOptions): Tool {
  return {
    readOnly: false,
    spec: {
      name: 'run_command',
      description: 'Run a shell command in the workspace and see its exit status and output.',
      parameters: {
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
      },
    },
    async run(args, context) {
      const command = stringArgument(args, 'command');
      if (typeof command !== 'string') return errorResult(command.error);
      const uid = await options.user?.();
      const result = await runCommand({
        command,
        cwd: options.cwd,
        timeoutMs: options.timeoutMs ?? COMMAND_TIMEOUT_MS,
        budget: context.budget,
        store: options.store,
        callId: context.callId,
        memory: context.memory,
        ...(options.scripted ? { scripted: options.scripted } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(uid !== undefined ? { uid } : {}),
      });
      return {
        content: result.content,
        ok: result.exitCode === 0,
        exitCode: result.exitCode,
        ...(result.stored && result.heldBack ? { stored: result.stored } : {}),
      };
    },
  };
}
