/** Global search of the top bar (spec §2: 'Rechercher équipements, clients, interventions...'), issue 15. */
export const SEARCH_MIN_LENGTH = 2;

export const SEARCH_MESSAGES = {
  placeholder: 'Rechercher équipements, clients, interventions...',
  tooShort: `Tapez au moins ${SEARCH_MIN_LENGTH} caractères`,
  empty: 'Aucun résultat',
  groups: { equipment: 'Équipements', clients: 'Clients', interventions: 'Interventions' },
  error: 'La recherche a échoué',
} as const;
