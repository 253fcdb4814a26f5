/**
 * A run's sandbox: its workspace (a fresh copy of the scenario's, or one from the pool), the tools its
 * conversations are given over it, and, as root, the user id its commands run as. Closing it stops
 * what that user left running and gives the workspace back or removes it.
 */
import {
  currentDateTool,
  InternalError,
  editFileTool,
  readFileTool,
  type Clock,
  type OutputStore,
  type Tool,
} from '../../engine/index.js';
import { COMMAND_TIMEOUT_MS, commandTool } from './command-tool.js';
import { FsWorkspace, type WorkspacePool } from './fs-workspace.js';
import type { ScriptedCommand } from './run-command.js';
import { detectSandbox, killUser, pickRunUser, removeFilesOf, type Sandbox } from './sandbox.js';

/** How a run's commands are run: their time limit and their sandbox. */
export interface CommandOptions {
  /** The time limit of one command, in milliseconds. */
  timeoutMs: number;
  sandbox: Sandbox;
}

/** The commands' options given, or the sandbox this machine allows (detected) and the default limit. */
export async function commandOptionsOr(given: CommandOptions | undefined): Promise<CommandOptions> {
  return given ?? { timeoutMs: COMMAND_TIMEOUT_MS, sandbox: await detectSandbox(process.env) };
}

/** What the tools of a run are built over besides the workspace. */
export interface ToolPlace {
  clock: Clock;
  store: OutputStore;
  /** The scenario's scripted command results, if it has any. */
  scripted?: Record<string, ScriptedCommand> | undefined;
}

/** The workspace, tools and command user of one run. */
export class RunSandbox {
  #workspace: FsWorkspace | undefined;
  #uid: number | undefined;
  #picking: Promise<number> | undefined;

  constructor(
    readonly commands: CommandOptions,
    private readonly pool?: WorkspacePool,
  ) {}

  /**
   * Takes the run's workspace: from the pool, or a fresh copy of `template` (or an empty folder),
   * whose real path must lie within `within` (the scenario's project) when given.
   */
  async open(template: string | undefined, within?: string): Promise<FsWorkspace> {
    this.#workspace = await (this.pool
      ? this.pool.take(template, within)
      : FsWorkspace.fresh(template, undefined, within));
    return this.#workspace;
  }

  /**
   * As root, the run's commands get a user id of their own, which owns the run's workspace: picked at
   * the first command, since picking one and looking afterwards for what it left scan /proc and /tmp.
   */
  #user(): (() => Promise<number>) | undefined {
    const { sandbox } = this.commands;
    if (!sandbox.root || sandbox.kind === 'none') return undefined;
    return () =>
      (this.#picking ??= pickRunUser().then(async (picked) => {
        this.#uid = picked;
        await this.#workspace?.giveTo(picked);
        return picked;
      }));
  }

  /** The tools over the open workspace: read, edit, command and the current date. */
  tools(place: ToolPlace): Tool[] {
    const workspace = this.#workspace;
    if (!workspace) throw new InternalError('the sandbox has no workspace: open it first');
    const user = this.#user();
    return [
      readFileTool(workspace),
      editFileTool(workspace),
      commandTool({
        cwd: workspace.root,
        store: place.store,
        timeoutMs: this.commands.timeoutMs,
        sandbox: this.commands.sandbox,
        ...(user ? { user } : {}),
        ...(place.scripted ? { scripted: place.scripted } : {}),
      }),
      currentDateTool(place.clock),
    ].map((tool): Tool => {
      // A tool that may change things (a command, an edit) leaves the workspace changed once run.
      if (tool.readOnly) return tool;
      return {
        spec: tool.spec,
        readOnly: false,
        run: (args, context) => {
          workspace.markChanged();
          return tool.run(args, context);
        },
      };
    });
  }

  /** Stops what the run's user left and gives the workspace back to the pool, or removes it. */
  async close(): Promise<void> {
    if (this.#uid !== undefined) {
      await killUser(this.#uid);
      if (this.commands.sandbox.kind === 'user') await removeFilesOf(this.#uid);
    }
    if (this.#workspace && this.pool) await this.pool.give(this.#workspace);
    else await this.#workspace?.dispose();
  }
}
