/**
 * The routes the Calder Sound ferries sail, with the adult fare of each in euro cents and the
 * crossing time in minutes. A route is sailed both ways at the same fare.
 */

export const ROUTES = [
  { id: 'calder-holm', ends: ['Calder Quay', 'Holm'], adultFare: 1240, minutes: 35, seasonal: false },
  {
    id: 'calder-skerrivore',
    ends: ['Calder Quay', 'Skerrivore'],
    adultFare: 1880,
    minutes: 55,
    seasonal: false,
  },
  { id: 'holm-skerrivore', ends: ['Holm', 'Skerrivore'], adultFare: 960, minutes: 25, seasonal: false },
  { id: 'calder-fara', ends: ['Calder Quay', 'Fara'], adultFare: 2150, minutes: 70, seasonal: true },
];

/** The route between two harbours, in either direction; throws when no ferry sails between them. */
export function findRoute(from, to) {
  const route = ROUTES.find(
    (candidate) => candidate.ends.includes(from) && candidate.ends.includes(to) && from !== to,
  );
  if (!route) throw new Error(`no route between ${from} and ${to}`);
  return route;
}

/** Routes sailed all year, for the winter leaflet. */
export function yearRoundRoutes() {
  return ROUTES.filter((route) => !route.seasonal);
}
