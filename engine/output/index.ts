/** Output handling: cutting retyped output from replies, references, the tool-output budget and its bound. */
export { findCuts, applyCuts, cutMarker, MIN_CUT_WORDS, type Cut, type TurnOutput } from './cuts.js';
export {
  buildReference,
  REFERENCE_MAX_BYTES,
  REFERENCE_LINE_CHARS,
  REFERENCE_ARGUMENT_CHARS,
  type ReferenceInput,
} from './reference.js';
export { toolOutputBudget, MIN_TOOL_OUTPUT_BYTES, MAX_TOOL_OUTPUT_BYTES } from './budget.js';
export {
  boundOutput,
  boundSections,
  sampleOf,
  wholeBytes,
  wholeLines,
  type BoundResult,
  type Section,
  type StreamSample,
} from './bound.js';
export { heldBackMarker, heldBackNote, type HeldInfo, type HeldRange } from './held-note.js';
export { keepWithinBudget, type KeepOptions, type KeptResult } from './keep.js';
export {
  OUTPUT_STORE_MAX_BYTES,
  isValidOutputId,
  type OutputStore,
  type StoredOutput,
  type StoredLines,
} from './store-port.js';
export { shareRoom } from './share.js';
export { utf8Length, countLines, splitLines, formatCount, formatSize } from './text.js';
