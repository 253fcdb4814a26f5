/**
 * The nearest of some known names to a name typed wrong, for "did you mean" hints: the fewest single
 * character insertions, deletions, substitutions or swaps of two neighbours, within a third of the
 * name's length (at least one), case aside. Pure. It lives beside the scenario format, whose keys
 * are checked with it (`unknown-keys.ts`), since scenarios/ imports only the engine; the command
 * line's flags, strategies and models use it from here.
 */

/** Edits between `a` and `b`, a swap of two neighbouring characters counting as one. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] ?? 0;
}

/** The known name nearest to `given`, or undefined when none is near enough to be what was meant. */
export function nearestName(given: string, known: readonly string[]): string | undefined {
  const typed = given.toLowerCase();
  const bound = Math.max(1, Math.floor(typed.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(typed, name.toLowerCase());
    if (distance <= bound && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** ` (did you mean 'NAME'?)` for the nearest known name, or nothing. */
export function didYouMean(given: string, known: readonly string[]): string {
  const nearest = nearestName(given, known);
  return nearest === undefined ? '' : ` (did you mean '${nearest}'?)`;
}
