import type { Intervention, InterventionFormValues } from '@gmao/domain/interventions/intervention-schemas';
import { DEFAULT_STATUT } from '@gmao/domain/interventions/status';

/** Today in the user's time zone, as YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function formDefaults(intervention?: Intervention, defaultEquipementId?: number): InterventionFormValues {
  if (intervention) {
    return {
      equipement_id: String(intervention.equipement_id),
      date: intervention.date,
      description: intervention.description ?? '',
      urgence: intervention.urgence,
      statut: intervention.statut,
      type_travail: intervention.type_travail ?? '',
    };
  }
  return {
    equipement_id: defaultEquipementId ? String(defaultEquipementId) : '',
    date: today(),
    description: '',
    urgence: false,
    statut: DEFAULT_STATUT,
    type_travail: '',
  };
}
