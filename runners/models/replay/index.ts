/** Replaying recorded runs: the recording, the replaying factory, and a request as text. */
export {
  backendsOf,
  FolderRecording,
  type RecordedCall,
  type RecordedRun,
  type Recording,
} from './recording.js';
export { recordedFailure, replayFactory, replayOutcome, type BuiltinOpener } from './replay-model.js';
export { requestLines, requestJson } from './request-text.js';
