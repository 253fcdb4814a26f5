/**
 * What each passenger pays of the adult fare. Children pay half; seniors get the senior discount;
 * a party large enough for the group discount gets it on every passenger's share, after the child
 * and senior reductions. Ages are in whole years on the day of travel.
 */

/** Passengers younger than this travel at the child rate. */
export const CHILD_AGE_LIMIT = 16;

/** The share of the adult fare a child pays. */
export const CHILD_SHARE = 0.5;

/** Passengers this old or older travel at the senior rate. */
export const SENIOR_AGE = 65;

/** The part of the adult fare a senior does not pay. */
export const SENIOR_DISCOUNT = 0.2;

/** The smallest party that gets the group discount. */
export const GROUP_MIN_PASSENGERS = 6;

/** The part of each share a group does not pay. */
export const GROUP_DISCOUNT = 0.1;

/** The share of the adult fare one passenger of `age` pays, before any group discount. */
export function passengerShare(age) {
  if (!Number.isInteger(age) || age < 0) throw new Error(`not an age: ${age}`);
  if (age < CHILD_AGE_LIMIT) return CHILD_SHARE;
  if (age >= SENIOR_AGE) return 1 - SENIOR_DISCOUNT;
  return 1;
}

/** The factor a party of `count` passengers applies to every share. */
export function groupFactor(count) {
  return count >= GROUP_MIN_PASSENGERS ? 1 - GROUP_DISCOUNT : 1;
}
