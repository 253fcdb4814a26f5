/**
 * Evidence steps: a check a scenario declares on a step, made on every turn request from that step
 * on. Pure: from the checks and the run's turn requests, when each left the view and through which
 * channels it stayed.
 */
import type { Message, ModelCall } from '../../../engine/index.js';
import type { EvidenceChannel, EvidenceStepResult } from '../../../records/run-record.js';
import type { EvidenceStep } from '../../../scenarios/schema.js';
import { viewOf } from './channels.js';
import { channelsShowing } from './in-view.js';

/** A declared check and where it starts: the step (from 1) and the first turn request it covers. */
export interface EvidenceCheck extends EvidenceStep {
  step: number;
  /** Index, among the run's turn requests, of the first request made at or after the step. */
  fromRequest: number;
}

/** A turn request: its turn and the messages it sent. */
export interface TurnRequest {
  turn: number;
  messages: readonly Message[];
}

/** The turn requests among a run's model calls, in the order made. */
export function turnRequests(calls: readonly ModelCall[]): TurnRequest[] {
  return calls.flatMap((call) =>
    call.purpose === 'turn' && call.kind === 'respond'
      ? [{ turn: call.turn, messages: call.request.messages }]
      : [],
  );
}

/** Each check's result over the turn requests it covers. */
export function evidenceStepResults(
  checks: readonly EvidenceCheck[],
  requests: readonly TurnRequest[],
): EvidenceStepResult[] {
  if (checks.length === 0) return [];
  // A request is split into parts once, however many checks look at it.
  const parts = requests.map((request) => viewOf(request.messages));
  return checks.map((check) => {
    let leftAt: number | null = null;
    const channels: EvidenceChannel[] = [];
    let lastChannels: EvidenceChannel[] = [];
    const covered = requests.slice(check.fromRequest);
    covered.forEach((request, offset) => {
      lastChannels = channelsShowing(parts[check.fromRequest + offset] ?? [], check.any);
      if (lastChannels.length === 0) leftAt ??= request.turn;
      for (const channel of lastChannels) if (!channels.includes(channel)) channels.push(channel);
    });
    const through = check.through
      ? {
          expected: [...check.through],
          held: leftAt === null && lastChannels.some((c) => check.through?.includes(c) ?? false),
        }
      : null;
    return {
      id: check.id,
      step: check.step,
      checked: covered.length,
      leftAt,
      channels,
      lastChannels,
      through,
    };
  });
}
