/** The workspace port: file access confined to one folder, implemented by the runners. */

export interface Workspace {
  /** The text of a file, by a path relative to the workspace. Throws WorkspaceError when refused. */
  readText(path: string): Promise<string>;
  /** Writes a whole file, creating folders as needed. */
  writeText(path: string, text: string): Promise<void>;
}

/** A path the workspace refuses or cannot serve; its message is shown to the model. */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}
