/**
 * Observation masking, the `mask` policy's view of tool output (after "The Complexity Trap",
 * Lindenbauer et al., 2025): the latest `keep` tool outputs are sent whole and every older one as a
 * one-line placeholder that names its tool. Prompts, replies and tool calls are sent as they are.
 * A masked output is recorded as a reference is (store and context.reference event), with the
 * output whose arrival masked it, so any earlier request can still be rebuilt exactly.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { byteLength, tokensForBytes } from '../measure/estimate.js';
import { maskedOutputText } from '../protocol.js';
import type { ContextStore } from '../store/store.js';

/**
 * Masks every active tool output that has at least `keep` newer ones and is still sent whole, from
 * `turn`; returns how many it masked. Each is masked by the output `keep` places after it.
 */
export function maskOlderOutputs(
  store: ContextStore,
  audit: AuditRecorder,
  keep: number,
  turn: number,
): number {
  const outputs = store
    .active()
    .flatMap((e) => (e.kind === 'toolOutput' && e.call ? [{ entry: e, tool: e.call.tool }] : []));
  let masked = 0;
  for (let i = 0; i + keep < outputs.length; i++) {
    const older = outputs[i];
    const by = outputs[i + keep]?.entry;
    if (!older || !by || older.entry.maskedBy !== undefined) continue;
    const { entry, tool } = older;
    const placeholder = maskedOutputText(tool);
    store.mask(entry.id, by.id, turn, placeholder);
    const saved = byteLength(entry.text) - byteLength(placeholder);
    audit.record({
      type: 'context.reference',
      turn,
      entry: entry.id,
      tool,
      result: entry.sources[0] ?? '',
      bytesSaved: saved,
      tokensSaved: tokensForBytes(saved),
    });
    masked += 1;
  }
  return masked;
}
