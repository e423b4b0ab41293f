/** The sidebar's entry (main bundle: this file alone, not the contracts' texts). */
export const CONTRACTS_NAV_TITLE = 'Contrats';
