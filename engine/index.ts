/**
 * The engine's public API: what a program that embeds the context engine needs, and all that the
 * harness itself uses. Anything not exported here is internal and may change without notice.
 *
 *   import { Conversation, defaultSettings, sequentialIds, steppingClock, memorySink } from 'wisp-eval/engine';
 */

// The conversation: the turn loop over the store, save and resume, and what each turn reports.
export { Conversation } from './conversation/conversation.js';
export type { ConversationOptions } from './conversation/options.js';
export {
  SWEEP_MAX_MS,
  SWEEP_MAX_SESSIONS,
  sweepOutputs,
  type OutputSession,
  type OutputSessions,
  type OutputSweep,
} from './output/sweep.js';
export type { SavedConversation } from './conversation/resume.js';
export type { CondensationFigures, RequestFigures, TurnFigures } from './measure/figures.js';
export type { CallFailure, CallPurpose, ModelCall, ModelCallListener } from './model/model-calls.js';

// The texts a reader of requests finds again by their wording: headers, markers, notices.
export {
  CATALOGUE_HEADER,
  DIGEST_MARKERS,
  EARLIER_HEADER,
  END_OF_FILE,
  MAX_NOTABLE_PER_PAGE,
  MEMORY_RULE,
  NOW_HEADER,
  RELEVANT_HEADER,
  REPEATED_CALL_NOTICE,
  SUMMARY_HEADER_START,
  PERSON_COMMAND_OPENING,
  TOOLS_LINE_START,
  cutMarker,
  pagingHint,
} from './protocol.js';

// Settings, with the reference's defaults.
export {
  defaultSettings,
  POLICY_SETTINGS,
  withPolicyDefaults,
  type ContextPolicyName,
  type EngineSettings,
} from './settings.js';

// The ports, and their in-memory and deterministic implementations.
export { sequentialIds, steppingClock, type Clock, type Ids } from './ports.js';
export { memorySink, type AuditReader, type AuditSink } from './audit/sink.js';
export type { OutputStore, StoredLines, StoredOutput } from './output/store-port.js';
export { OUTPUT_STORE_MAX_BYTES, isValidOutputId } from './output/store-port.js';
export { WorkspaceError, type Workspace } from './tools/workspace.js';

// The model port and the overflow a strict runtime raises.
export {
  ContextOverflowError,
  type CallOptions,
  type GuidedRequest,
  type GuidedResponse,
  type Message,
  type ModelPort,
  type ModelRequest,
  type ModelResponse,
  type ToolCall,
  type ToolSpec,
  type Usage,
} from './model/port.js';
export { recogniseOverflow, type Overflow } from './model/recognise-overflow.js';
export { TRUNCATION_SHORTFALL, TruncationWatch } from './model/truncation.js';

// The audit log's events.
export type { AuditEvent, AuditEventType } from './audit/events.js';

// The store and its entries.
export { ContextStore, type NewEntry } from './store/store.js';
export type { Entry, EntryKind, EntryOrigin, ReplyCut } from './store/entry.js';
export {
  composeMessages,
  entriesAtFirstRequest,
  entriesAtTurn,
  type TurnBlocks,
} from './compose/composer.js';

// Tools: the built-in ones that reach only a workspace port, and the tool contract.
export { errorResult, stringArgument, type Tool, type ToolResult } from './tools/tool.js';
export { readFileTool } from './tools/read-file.js';
export { editFileTool } from './tools/edit-file.js';
export { currentDateTool } from './tools/current-date.js';

// Facts: subject kinds.
export { loadKinds, type KindOverrides, type KindTable } from './facts/kinds.js';

// What the engine puts in front of the model, for runtimes and models that read it back.
export { buildReference } from './output/reference.js';
export { heldBackMarker } from './output/held-note.js';
export { boundSections, wholeBytes, wholeLines, type Section, type StreamSample } from './output/bound.js';
export { prefixByBytes, splitLines, suffixByBytes } from './output/utf8-text.js';
export { byteLength, estimateTokens, tokensForBytes } from './measure/estimate.js';

// Errors, each with a stable code from the engine's union and a kind; the base other modules extend.
export {
  AnswerError,
  DoesNotFitError,
  FactError,
  InternalError,
  KindsError,
  ModelFailure,
  ToolLoopError,
  TranscriptError,
  ResumeRefusedError,
  RESUME_REFUSED_STATUS,
  WispError,
  errorCode,
  toError,
  type EngineErrorCode,
  type ErrorKind,
  type FactErrorCode,
  type UnexpectedCode,
} from './errors.js';

// The assessment per request: the catalogue the instructions carry, the rules, the call's schema.
export { catalogueNames, toolCatalogue } from './assess/catalogue.js';
export { restatesTask } from './assess/rules.js';
export { ASSESSMENT_SCHEMA, readAssessment, type AssessmentAnswer } from './assess/assessment-call.js';
export type { AssessmentFigures } from './assess/assessment.js';
