/**
 * The layers a conversation's settings switch on, each made over the conversation's audit and model
 * caller: the facts layer (with the running summary), the summarise policy's summary of the middle
 * turns, the memory tool (added to the tools the model is offered when the settings keep it), and
 * the assessment per request over those tools. What a setting leaves off is null; the memory notes
 * are always made, since each turn ends by recording what the memory tool proposed (nothing, when
 * the tool is off).
 */
import { Assessor } from '../assess/assessment.js';
import type { AuditRecorder } from '../audit/recorder.js';
import { MiddleSummary } from '../condense/middle-summary.js';
import { FactsLayer } from '../facts/facts-layer.js';
import type { ModelCaller } from '../model/model-calls.js';
import { baselineSetting } from '../settings.js';
import type { ContextStore } from '../store/store.js';
import { MemoryNotes } from '../tools/memory/memory-notes.js';
import type { Tool } from '../tools/tool.js';
import type { ConversationOptions } from './options.js';
import { taskHolder } from './task-holder.js';

/** The conversation's state the layers read once it exists: its turn and its store. */
export interface LayerHost {
  turn(): number;
  store(): ContextStore;
}

export interface ConversationLayers {
  facts: FactsLayer | null;
  summary: MiddleSummary | null;
  notes: MemoryNotes;
  /** The tools the model is offered: the caller's, and the memory tool when the settings keep it. */
  tools: readonly Tool[];
  assessor: Assessor | null;
}

export function conversationLayers(
  options: ConversationOptions,
  audit: AuditRecorder,
  caller: ModelCaller,
  host: LayerHost,
): ConversationLayers {
  const { clock, settings } = options;
  const facts = settings.facts.enabled ? new FactsLayer(settings.facts, audit, clock, caller) : null;
  const summary =
    settings.context.policy === 'summarise'
      ? new MiddleSummary({
          audit,
          clock,
          caller,
          share: settings.facts.summaryShare,
          head: baselineSetting(settings.context, 'summaryHead'),
        })
      : null;
  const notes = new MemoryNotes({
    turn: () => host.turn(),
    store: () => host.store(),
    facts,
    audit,
    caller,
    ...(options.outputStore ? { outputs: options.outputStore } : {}),
    ...(options.auditReader ? { auditReader: options.auditReader } : {}),
  });
  const tools = settings.context.memory ? [...options.tools, notes.tool()] : options.tools;
  const assessor = settings.assessment.enabled
    ? new Assessor({
        settings: settings.assessment,
        allowed: tools.map((t) => t.spec),
        caller,
        clock,
        audit,
        entries: () => host.store().all(),
        task: taskHolder(facts),
      })
    : null;
  return { facts, summary, notes, tools, assessor };
}
