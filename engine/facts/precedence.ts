/**
 * Which fact stands for a subject and name (reference, "Versions and precedence"). Among the current
 * facts of each source (the heads), the strongest source wins; on a tie the later recorded, then the
 * later asserted. Heads that say different values are in conflict, and a conflict is reported when it
 * is raised and when it is resolved, never in between. Pure rules over facts: the store keeps them.
 */
import { factSide, type FactChange } from './changes.js';
import { foldValue, sourceRank, type Fact } from './fact.js';

/** Current facts of different sources that disagree about one subject and name; `winner` is shown. */
export interface FactConflict {
  subject: string;
  name: string;
  winner: Fact;
  /** The other sources' current facts, strongest first. */
  others: Fact[];
}

/** The fact that stands among `heads`, each source's current fact in the order they were asserted. */
export function winnerOf(heads: readonly Fact[]): Fact | undefined {
  let best: Fact | undefined;
  for (const fact of heads) {
    if (best === undefined) best = fact;
    else {
      const byRank = sourceRank(fact.source.kind) - sourceRank(best.source.kind);
      if (byRank > 0 || (byRank === 0 && fact.recordedAt >= best.recordedAt)) best = fact;
    }
  }
  return best;
}

/** True when the heads say more than one value, case and spacing aside. */
export function disagree(heads: readonly Fact[]): boolean {
  return new Set(heads.map((fact) => foldValue(fact.value))).size > 1;
}

/** The heads other than `winner`: the strongest source first, then the most recently recorded. */
export function othersByStrength(heads: readonly Fact[], winner: Fact): Fact[] {
  return heads
    .filter((fact) => fact !== winner)
    .sort((a, b) => sourceRank(b.source.kind) - sourceRank(a.source.kind) || b.recordedAt - a.recordedAt);
}

/**
 * The change in a conflict's state once the heads of `subject` and `name` are `heads`, given whether
 * it `was` in conflict: raised, resolved, or null when the state is as it was.
 */
export function conflictChange(
  subject: string,
  name: string,
  heads: readonly Fact[],
  was: boolean,
): FactChange | null {
  const now = disagree(heads);
  if (now === was) return null;
  const winner = winnerOf(heads);
  if (now && winner !== undefined) {
    const others = heads.filter((fact) => fact !== winner).map(factSide);
    return { type: 'fact.conflict.raised', subject, name, winner: factSide(winner), others };
  }
  return { type: 'fact.conflict.resolved', subject, name, winner: winner ? factSide(winner) : null };
}
