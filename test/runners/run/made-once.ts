/**
 * Runs on the offline models are deterministic, so a suite whose tests read the same run makes it
 * once: `madeOnce(make)` is `make` with each distinct argument list made once and its result shared.
 */
export function madeOnce<A extends unknown[], R>(
  make: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const made = new Map<string, Promise<R>>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    let result = made.get(key);
    if (result === undefined) {
      result = make(...args);
      made.set(key, result);
    }
    return result;
  };
}
