/**
 * The workspace on disk: one folder per run, which tools may read and write and never leave. A path
 * must be relative, must not climb with `..`, and must not resolve (through symlinks) outside.
 */
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { WorkspaceError, type Workspace } from '../../engine/index.js';

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export class FsWorkspace implements Workspace {
  private constructor(readonly root: string) {}

  /** A workspace over an existing folder (its real path). */
  static async at(folder: string): Promise<FsWorkspace> {
    return new FsWorkspace(await realpath(folder));
  }

  /** A fresh temporary folder, with `template`'s files copied in when given. */
  static async fresh(template?: string): Promise<FsWorkspace> {
    const root = await mkdtemp(join(tmpdir(), 'wisp-eval-ws-'));
    if (template) await cp(template, root, { recursive: true, verbatimSymlinks: true });
    return FsWorkspace.at(root);
  }

  /** Removes the folder and everything in it. */
  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }

  /** The absolute path for a workspace path, after the lexical checks. */
  #lexical(path: string): string {
    if (path.includes('\0')) throw new WorkspaceError(`the path "${path}" is not allowed`);
    if (isAbsolute(path) || /^[a-zA-Z]:[\\/]/.test(path)) {
      throw new WorkspaceError(
        `the path "${path}" is absolute; give a path inside the workspace, such as docs/a.md`,
      );
    }
    const parts = path.split(/[\\/]+/);
    if (parts.includes('..')) throw new WorkspaceError(`the path "${path}" leaves the workspace ("..")`);
    return join(this.root, ...parts);
  }

  /** The real path, refusing anything that resolves outside the workspace. */
  async #resolve(path: string, mustExist: boolean): Promise<string> {
    const target = this.#lexical(path);
    let real: string;
    try {
      real = await realpath(target);
    } catch (error) {
      if (!mustExist && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        // A new file: its nearest existing folder must be inside.
        let folder = dirname(target);
        for (;;) {
          try {
            const realFolder = await realpath(folder);
            if (!isInside(this.root, realFolder))
              throw new WorkspaceError(`the path "${path}" leaves the workspace`);
            return join(realFolder, relative(folder, target));
          } catch (inner) {
            if (inner instanceof WorkspaceError) throw inner;
            const up = dirname(folder);
            if (up === folder) throw new WorkspaceError(`the path "${path}" cannot be written`);
            folder = up;
          }
        }
      }
      throw new WorkspaceError(`there is no file "${path}" in the workspace`);
    }
    if (!isInside(this.root, real))
      throw new WorkspaceError(`the path "${path}" leads outside the workspace`);
    return real;
  }

  async readText(path: string): Promise<string> {
    const real = await this.#resolve(path, true);
    try {
      return await readFile(real, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR')
        throw new WorkspaceError(`"${path}" is a folder`);
      throw new WorkspaceError(`"${path}" cannot be read`);
    }
  }

  async writeText(path: string, text: string): Promise<void> {
    const real = await this.#resolve(path, false);
    if (!real.startsWith(this.root + sep) && real !== this.root)
      throw new WorkspaceError(`the path "${path}" leaves the workspace`);
    await mkdir(dirname(real), { recursive: true });
    await writeFile(real, text, 'utf8');
  }
}
