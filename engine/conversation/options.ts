/** What a conversation is made with: its model, ports, tools, settings and instructions. */
import type { AuditReader, AuditSink } from '../audit/sink.js';
import type { ModelCallListener } from '../model/model-calls.js';
import type { Message, ModelPort } from '../model/port.js';
import type { OutputStore } from '../output/store-port.js';
import type { OutputSweep } from '../output/sweep.js';
import type { Clock, Ids } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Tool } from '../tools/tool.js';
import type { SavedConversation } from './resume.js';

export interface ConversationOptions {
  model: ModelPort;
  clock: Clock;
  ids: Ids;
  audit: AuditSink;
  /** Reads the audit back, so the memory tool recalls entries from the verbatim record. */
  auditReader?: AuditReader;
  tools: readonly Tool[];
  settings: EngineSettings;
  instructions: string;
  /** The window when the runner knows it better than the model states it (e.g. Ollama's num_ctx). */
  window?: number;
  /** Model steps a turn may take before it is stopped. */
  maxSteps?: number;
  /** Sees every model call (turns, distillations, summaries) once it has answered or failed. */
  onCall?: ModelCallListener;
  /** Where a tool result larger than the budget is kept whole; without one, such results are cut. */
  outputStore?: OutputStore;
  /** Keeps the transcript before and after each condensation; returns the name it was kept under. */
  saveTranscript?: (name: string, messages: readonly Message[]) => string;
  /** What sweeping the output store by age did before this start (sweepOutputs); on session.start. */
  outputSweep?: OutputSweep | null;
  /** Resume a saved conversation instead of starting over the instructions. */
  resume?: SavedConversation;
  /** Aborts the model call in progress when it fires (the call fails as a model failure). */
  signal?: AbortSignal;
}
