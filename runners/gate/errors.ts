/**
 * Errors of the `snapshots` command, each with a stable code. A bad manifest, a snapshot that does
 * not read as its format or an unusable git ref is bad input (exit 2); a ref whose own command line failed to record is a run that could not be
 * carried out (exit 3). Drift is not an error: the command reports it and exits 1.
 */
import { WispError } from '../../engine/index.js';

export type SnapshotErrorCode =
  'SNAPSHOT_MANIFEST_INVALID' | 'SNAPSHOT_UNREADABLE' | 'SNAPSHOT_REF_UNUSABLE' | 'SNAPSHOT_REF_FAILED';

/** snapshots/manifest.json cannot be used: the message names the file and the field. */
export class SnapshotManifestError extends WispError<SnapshotErrorCode> {
  constructor(message: string) {
    super('SNAPSHOT_MANIFEST_INVALID', 'input', message.replace(/\s*\n\s*/g, ' ').trim());
    this.name = 'SnapshotManifestError';
  }
}

/** A snapshot file that does not read as the format: a message of no role, a reference to nothing. */
export class SnapshotFileError extends WispError<SnapshotErrorCode> {
  constructor(message: string) {
    super('SNAPSHOT_UNREADABLE', 'input', message.replace(/\s*\n\s*/g, ' ').trim());
    this.name = 'SnapshotFileError';
  }
}

/** `snapshots diff --against REF`: REF is no commit, or its tree has no usable `snapshots` command. */
export class SnapshotRefError extends WispError<SnapshotErrorCode> {
  constructor(message: string) {
    super('SNAPSHOT_REF_UNUSABLE', 'input', message.replace(/\s*\n\s*/g, ' ').trim());
    this.name = 'SnapshotRefError';
  }
}

/** `snapshots diff --against REF`: REF's own command line could not record its snapshots. */
export class SnapshotRefFailure extends WispError<SnapshotErrorCode> {
  constructor(message: string) {
    super('SNAPSHOT_REF_FAILED', 'run', message.replace(/\s*\n\s*/g, ' ').trim());
    this.name = 'SnapshotRefFailure';
  }
}
