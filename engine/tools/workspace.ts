/** The workspace port: file access confined to one folder, implemented by the runners. */
import { WispError, type EngineErrorCode } from '../errors.js';

export interface Workspace {
  /** The text of a file, by a path relative to the workspace. Throws WorkspaceError when refused. */
  readText(path: string): Promise<string>;
  /** Writes a whole file, creating folders as needed. */
  writeText(path: string, text: string): Promise<void>;
}

/**
 * A path the workspace refuses or cannot serve; its message is shown to the model. A port's error:
 * the tools turn it into an error result, so within a turn it never ends the run.
 */
export class WorkspaceError extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('WORKSPACE_REFUSED', 'run', message);
    this.name = 'WorkspaceError';
  }
}
