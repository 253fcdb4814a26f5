/**
 * Sharing a result's room between its streams: in proportion to their size, but never less than a
 * fifth of the room for a stream with something to show (or all it needs, when that is less).
 */

/**
 * Byte shares of `room` for streams that need `costs` bytes each. When everything fits, each gets
 * what it needs. Otherwise a stream gets its proportional part, raised to its floor (a fifth of the
 * room, or its whole cost when smaller), the others sharing what remains; no share exceeds its cost.
 */
export function shareRoom(costs: readonly number[], room: number): number[] {
  // The proportional part is the whole cost when everything fits, and nothing when there is no room.
  const fifth = Math.floor(room / 5);
  const floorOf = (i: number): number => Math.min(costs[i] ?? 0, fifth);
  const atFloor = new Set<number>();
  const shares = costs.map(() => 0);
  for (;;) {
    const rest = costs.flatMap((_, i) => (atFloor.has(i) ? [] : [i]));
    const pool = room - [...atFloor].reduce((sum, i) => sum + floorOf(i), 0);
    const restCost = rest.reduce((sum, i) => sum + (costs[i] ?? 0), 0);
    for (const i of rest) {
      const cost = costs[i] ?? 0;
      shares[i] = restCost === 0 ? 0 : Math.min(cost, Math.floor((Math.max(0, pool) * cost) / restCost));
    }
    const under = rest.filter((i) => (shares[i] ?? 0) < floorOf(i));
    if (under.length === 0) break;
    for (const i of under) atFloor.add(i);
  }
  for (const i of atFloor) shares[i] = floorOf(i);
  return shares;
}
