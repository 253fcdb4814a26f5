/**
 * The workspace on disk: one folder per run, which tools may read and write and never leave. A path
 * must be relative, must not climb with `..`, and must not resolve (through symlinks) outside.
 */
import { closeSync, constants, fstatSync, openSync, readFile, readFileSync, realpathSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  chmod,
  chown,
  copyFile,
  lchown,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  realpath,
  rm,
  stat,
  type FileHandle,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { WorkspaceError, type Workspace } from '../../engine/index.js';
import { forget, keepAlive, workspaceNamePrefix } from './workspace-sweep.js';

/** Gives every file and folder under `root`, itself included, to `owner`. */
async function chownTree(root: string, owner: number): Promise<void> {
  await chown(root, owner, owner);
  for (const entry of await readdir(root, { recursive: true })) {
    await lchown(join(root, entry), owner, owner);
  }
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export { sweepWorkspaces, WORKSPACE_PREFIX } from './workspace-sweep.js';

/**
 * Copies the folder `template` into the empty folder `root`: its folders (with their modes) and its
 * regular files (copyFile keeps a file's mode). Anything else is refused. The entries' types come from
 * the folder listing itself, so a run's copy costs a listing, a mkdir per folder and a copy per file,
 * where fs.cp would stat every entry on both sides.
 */
async function copyTemplate(given: string, root: string, within?: string): Promise<void> {
  const template = await containedTemplate(given, within);
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const folders: string[] = [];
  const files: string[] = [];
  for (const entry of entries) {
    const path = relative(template, join(entry.path, entry.name));
    if (entry.isDirectory()) folders.push(path);
    else if (entry.isFile()) files.push(path);
    else
      throw new WorkspaceError(
        `the workspace ${template} holds ${join(template, path)}, which is not a regular file`,
      );
  }
  // Shallower folders first, so each one's parent exists when it is made.
  folders.sort((a, b) => a.split(sep).length - b.split(sep).length);
  for (const folder of folders) {
    await mkdir(join(root, folder));
    await chmod(join(root, folder), (await stat(join(template, folder))).mode & 0o7777);
  }
  await Promise.all(files.map((file) => copyFile(join(template, file), join(root, file))));
}

/**
 * The real path of a template about to be copied, checked again now rather than only when its
 * scenario loaded: a template that has become a link since, or that now resolves outside `within`
 * (the scenario's project), is refused, so a folder swapped during a matrix brings nothing in.
 */
async function containedTemplate(template: string, within?: string): Promise<string> {
  const info = await lstat(template).catch(() => undefined);
  if (info === undefined) throw new WorkspaceError(`the workspace ${template} no longer exists`);
  if (info.isSymbolicLink())
    throw new WorkspaceError(`the workspace ${template} has become a link; it is not copied`);
  if (!info.isDirectory()) throw new WorkspaceError(`the workspace ${template} is not a folder`);
  const real = await realpath(template);
  if (within !== undefined) {
    const root = await realpath(within);
    if (!isInside(root, real))
      throw new WorkspaceError(
        `the workspace ${template} resolves to ${real}, outside the scenario's project ${root}; it is not copied`,
      );
  }
  return real;
}

/** Files up to this size are read without a trip through the thread pool. */
const READ_AT_ONCE_BYTES = 1024 * 1024;

/** Reads the whole file an open descriptor names, in the background. */
const readDescriptor = async (fd: number): Promise<string> => promisify(readFile)(fd, 'utf8');

export class FsWorkspace implements Workspace {
  /**
   * @param owner The user (uid, and gid alike) that owns the workspace's files, when commands run as
   *   a user of their own: files the tools write are given to it too, so commands can change them.
   */
  #owner: number | undefined;
  #changed = false;

  /**
   * @param template The folder the workspace was copied from, if any.
   */
  private constructor(
    readonly root: string,
    owner?: number,
    readonly template?: string,
  ) {
    this.#owner = owner;
  }

  /**
   * Whether anything may have changed the workspace since it was copied: a write through it, a change
   * of owner, or anything {@link markChanged} was told of (a command run in it).
   */
  get changed(): boolean {
    return this.#changed;
  }

  /** Records that something outside this object (a command) may have changed the workspace. */
  markChanged(): void {
    this.#changed = true;
  }

  /** The user that owns the workspace's files, once it has one. */
  get owner(): number | undefined {
    return this.#owner;
  }

  /**
   * Gives every file of the workspace to `owner`, and the files tools write from now on: done when the
   * run's first command is about to run as a user of its own.
   */
  async giveTo(owner: number): Promise<void> {
    this.#changed = true;
    await chownTree(this.root, owner);
    this.#owner = owner;
  }

  /** A workspace over an existing folder (its real path). */
  static async at(folder: string, owner?: number, template?: string): Promise<FsWorkspace> {
    return new FsWorkspace(await realpath(folder), owner, template);
  }

  /**
   * A fresh temporary folder, with `template`'s files copied in when given, owned by `owner` when
   * given; the template's real path must lie within `within`, when given. Only regular files and folders are copied (the scenario's check refused anything else; a
   * change since is refused here); when the copy fails, the folder is removed and the error thrown.
   */
  static async fresh(template?: string, owner?: number, within?: string): Promise<FsWorkspace> {
    // Named after this process and its PID namespace, and kept alive by a heartbeat, so that the sweep
    // of another harness (workspace-sweep.ts) can tell it is in use.
    const root = await mkdtemp(join(tmpdir(), workspaceNamePrefix()));
    try {
      if (template) await copyTemplate(template, root, within);
      if (owner !== undefined) await chownTree(root, owner);
      const workspace = await FsWorkspace.at(root, owner, template);
      keepAlive(workspace.root);
      return workspace;
    } catch (thrown) {
      await rm(root, { recursive: true, force: true });
      throw thrown;
    }
  }

  /** Removes the folder and everything in it. */
  async dispose(): Promise<void> {
    forget(this.root);
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

  /**
   * The real path, refusing anything that resolves outside the workspace. A path that does not exist
   * yet (a new file) is placed under the nearest part of it that does exist, which must be a folder
   * inside; a link at any part that points nowhere (a dangling link) is refused, never written through.
   */
  async #resolve(path: string, mustExist: boolean): Promise<string> {
    const target = this.#lexical(path);
    let real: string;
    try {
      real = realpathSync(target);
    } catch (error) {
      if (mustExist || (error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new WorkspaceError(`there is no file "${path}" in the workspace`);
      return this.#newPath(path, target);
    }
    if (!isInside(this.root, real))
      throw new WorkspaceError(`the path "${path}" leads outside the workspace`);
    return real;
  }

  /** Where a new file at `target` would go: under its nearest existing part, which must lead inside. */
  async #newPath(path: string, target: string): Promise<string> {
    const missing: string[] = [];
    let existing = target;
    // lstat, not stat: a dangling link exists, and must be caught below rather than skipped.
    while (
      !(await lstat(existing).then(
        () => true,
        () => false,
      ))
    ) {
      missing.unshift(basename(existing));
      const up = dirname(existing);
      if (up === existing) throw new WorkspaceError(`the path "${path}" cannot be written`);
      existing = up;
    }
    let realExisting: string;
    try {
      realExisting = await realpath(existing);
    } catch {
      throw new WorkspaceError(`the path "${path}" goes through a link that leads nowhere`);
    }
    if (!isInside(this.root, realExisting))
      throw new WorkspaceError(`the path "${path}" leaves the workspace`);
    const info = await stat(realExisting);
    if (!info.isDirectory()) throw new WorkspaceError(`the path "${path}" goes through a file`);
    return join(realExisting, ...missing);
  }

  async readText(path: string): Promise<string> {
    const real = await this.#resolve(path, true);
    // One descriptor, opened without waiting (a FIFO a command made would block a plain open) and
    // checked to be a regular file before anything is read from it. A workspace's files are small, so
    // they are read at once rather than through the thread pool; a large one is read in the background.
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      throw new WorkspaceError(`"${path}" cannot be read`);
    }
    try {
      const info = fstatSync(fd);
      if (info.isDirectory()) throw new WorkspaceError(`"${path}" is a folder`);
      if (!info.isFile()) throw new WorkspaceError(`"${path}" is not a regular file`);
      return info.size <= READ_AT_ONCE_BYTES ? readFileSync(fd, 'utf8') : await readDescriptor(fd);
    } catch (error) {
      if (error instanceof WorkspaceError) throw error;
      throw new WorkspaceError(`"${path}" cannot be read`);
    } finally {
      closeSync(fd);
    }
  }

  async writeText(path: string, text: string): Promise<void> {
    this.#changed = true;
    const real = await this.#resolve(path, false);
    if (!real.startsWith(this.root + sep) && real !== this.root)
      throw new WorkspaceError(`the path "${path}" leaves the workspace`);
    const made = await mkdir(dirname(real), { recursive: true });
    if (made !== undefined && this.owner !== undefined) {
      for (let folder = dirname(real); folder.startsWith(made); folder = dirname(folder)) {
        await chown(folder, this.owner, this.owner);
        if (folder === made) break;
      }
    }
    const existing = await lstat(real).catch(() => undefined);
    if (existing && !existing.isFile()) throw new WorkspaceError(`"${path}" is not a regular file`);
    // O_NOFOLLOW: the resolved name is never a link, so one put there since is refused, not followed.
    // The file is truncated only once its descriptor shows one name: a hard link a command made to a
    // file outside the workspace has two, and writing through it would change that file.
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
    let file: FileHandle;
    try {
      file = await open(real, flags, 0o666);
    } catch {
      throw new WorkspaceError(`"${path}" cannot be written`);
    }
    try {
      const info = await file.stat();
      if (!info.isFile()) throw new WorkspaceError(`"${path}" is not a regular file`);
      if (info.nlink > 1)
        throw new WorkspaceError(
          `"${path}" has ${info.nlink} names (hard links), so writing it could change a file elsewhere; it is not written`,
        );
      await file.truncate(0);
      await file.writeFile(text, 'utf8');
    } catch (error) {
      if (error instanceof WorkspaceError) throw error;
      throw new WorkspaceError(`"${path}" cannot be written`);
    } finally {
      await file.close();
    }
    if (this.owner !== undefined) await chown(real, this.owner, this.owner).catch(() => {});
  }
}

/** How many unchanged copies of one template a pool keeps for later runs. */
const IDLE_PER_TEMPLATE = 4;

/**
 * Workspaces handed from one run to the next. A run that changed nothing in its workspace (it only
 * read files: no write, no command, no change of owner) leaves a copy identical to its template, and
 * the next run of that template takes it rather than a new copy: copying a template and removing it
 * again for every run creates and deletes thousands of files over a matrix, which some file systems
 * (ext4 among them) make slow. A changed workspace is removed. `drain` removes the copies kept; a
 * process killed first leaves them to the next invocation's sweep, as its own workspaces.
 */
export class WorkspacePool {
  readonly #idle = new Map<string, FsWorkspace[]>();

  /**
   * An unchanged copy of `template` (an empty folder without one), new or kept from an earlier run; a
   * new copy's template must lie within `within`, when given.
   */
  async take(template?: string, within?: string): Promise<FsWorkspace> {
    return this.#idle.get(template ?? '')?.pop() ?? FsWorkspace.fresh(template, undefined, within);
  }

  /** Takes back a workspace a run is done with: kept if unchanged, else removed. */
  async give(workspace: FsWorkspace): Promise<void> {
    const kept = this.#idle.get(workspace.template ?? '') ?? [];
    if (workspace.changed || workspace.owner !== undefined || kept.length >= IDLE_PER_TEMPLATE) {
      await workspace.dispose();
      return;
    }
    kept.push(workspace);
    this.#idle.set(workspace.template ?? '', kept);
  }

  /** How many workspaces are kept for later runs. */
  get kept(): number {
    return [...this.#idle.values()].reduce((n, list) => n + list.length, 0);
  }

  /** Removes every workspace kept. */
  async drain(): Promise<void> {
    const kept = [...this.#idle.values()].flat();
    this.#idle.clear();
    await Promise.all(kept.map((workspace) => workspace.dispose()));
  }
}
