/**
 * What other features use of browsing and applying. A moba's page shows browse's details and applies
 * as browse does, with browse's own parts (browse-parts.ts), not the browse page's list and filters.
 */
export const loadBrowseParts = () => import('./browse-parts');
