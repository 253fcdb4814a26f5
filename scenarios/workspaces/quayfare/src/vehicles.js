/**
 * Vehicle surcharges, in euro cents, added once per crossing whatever the route. A vehicle longer
 * than the car deck's bays is charged as a van; bicycles go in the rack on the foredeck.
 */

export const SURCHARGES = {
  bicycle: 300,
  motorcycle: 1100,
  car: 2600,
  van: 3900,
};

/** The longest vehicle, in metres, that still counts as a car. */
export const CAR_MAX_LENGTH = 5.2;

/** The surcharge for a vehicle of `kind`, and of `length` metres for a car; none for no vehicle. */
export function vehicleSurcharge(kind, length = 0) {
  if (kind === undefined || kind === null) return 0;
  if (!(kind in SURCHARGES)) throw new Error(`unknown vehicle: ${kind}`);
  if (kind === 'car' && length > CAR_MAX_LENGTH) return SURCHARGES.van;
  return SURCHARGES[kind];
}
