/**
 * What other features use of browsing and applying. A moba's page shows browse's details and applies
 * as browse does: it fetches them with browse's own code (one chunk, shared, nothing split out of it).
 */
export const loadBrowseParts = () => import('./pages/MobasPage');
