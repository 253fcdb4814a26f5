/** Which models ran which turns of a run that switched models. */
import type { ModelPort, TurnFigures } from '../../engine/index.js';
import type { ModelStretch } from '../../records/run-record.js';
import { isServerModel } from '../models/server-model.js';

/** A model the run went on with: from the run's start or a switch step, and from which turn figure. */
export interface OpenStretch {
  name: string;
  model: ModelPort;
  window: number | null;
  step: number | null;
  /** How many turns had run before it took over. */
  from: number;
}

/** Which models ran which turns, once a switch step has run; undefined when none did. */
export function stretchesOf(
  stretches: readonly OpenStretch[],
  turns: readonly TurnFigures[],
): ModelStretch[] | undefined {
  if (stretches.length < 2) return undefined;
  return stretches.map((stretch, i) => {
    const ran = turns.slice(stretch.from, stretches[i + 1]?.from ?? turns.length);
    const first = ran[0];
    const last = ran.at(-1);
    return {
      model: stretch.name,
      window: stretch.window,
      step: stretch.step,
      turns: first && last ? { first: first.turn, last: last.turn } : null,
      ...(isServerModel(stretch.model) ? { backend: stretch.model.backendRecord() } : {}),
    };
  });
}
