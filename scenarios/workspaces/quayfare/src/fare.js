/**
 * A fare quote: every passenger's share of the route's adult fare, the group discount, the harbour
 * levy and a vehicle surcharge, rounded to the nearest 10 cents as the ticket machines give change.
 */
import { groupFactor, passengerShare } from './discounts.js';
import { findRoute } from './routes.js';
import { vehicleSurcharge } from './vehicles.js';

/** The harbour levy, in euro cents, charged for each passenger on every crossing. */
export const HARBOUR_LEVY = 150;

/** Rounds an amount in cents to the nearest 10, halves up. */
export function roundToTen(cents) {
  return Math.floor((cents + 5) / 10) * 10;
}

/**
 * A quote for a crossing between two harbours: `ages` holds one age per passenger, `vehicle` an
 * optional `{ kind, length }`. Returns the receipt lines and the total, both in cents.
 */
export function quote({ from, to, ages, vehicle }) {
  if (!Array.isArray(ages) || ages.length === 0) throw new Error('a quote needs at least one passenger');
  const route = findRoute(from, to);
  const factor = groupFactor(ages.length);
  const fares = ages.reduce((sum, age) => sum + route.adultFare * passengerShare(age) * factor, 0);
  const lines = [
    { label: `Fares (${ages.length})`, cents: roundToTen(fares) },
    { label: 'Harbour levy', cents: HARBOUR_LEVY * ages.length },
  ];
  if (vehicle)
    lines.push({ label: `Vehicle (${vehicle.kind})`, cents: vehicleSurcharge(vehicle.kind, vehicle.length) });
  return { route: route.id, lines, total: lines.reduce((sum, line) => sum + line.cents, 0) };
}
