/** The workspace port: file access confined to one folder, implemented by the runners. */
import type { EngineErrorCode } from '../errors.js';

export interface Workspace {
  /** The text of a file, by a path relative to the workspace. Throws WorkspaceError when refused. */
  readText(path: string): Promise<string>;
  /** Writes a whole file, creating folders as needed. */
  writeText(path: string, text: string): Promise<void>;
}

/**
 * A path the workspace refuses or cannot serve; its message is shown to the model. A port's error,
 * not a WispError: the tools turn it into an error result, so it never ends a run and has no kind.
 */
export class WorkspaceError extends Error {
  readonly code: EngineErrorCode = 'WORKSPACE_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}
