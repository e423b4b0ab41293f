import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { jsonResponse } from '../list/list-test-fixtures';

const base: CustomField = {
  id: 1,
  cle: 'k',
  libelle: 'Champ',
  type: 'TEXTE',
  unite: null,
  options: [],
  obligatoire: false,
  type_equipement: null,
  position: 0,
  actif: true,
};

/** Definitions as GET /interventions/custom-fields returns them: a global required text, three for transformers, one for UPS. */
export const definitions: CustomField[] = [
  { ...base, id: 1, cle: 'bon_commande', libelle: 'Bon de commande client', obligatoire: true, position: 0 },
  {
    ...base,
    id: 2,
    cle: 'puissance',
    libelle: 'Puissance',
    type: 'NOMBRE',
    unite: 'kVA',
    type_equipement: 'TRANSFORMATEUR',
    position: 1,
  },
  {
    ...base,
    id: 3,
    cle: 'refroidissement',
    libelle: 'Refroidissement',
    type: 'LISTE',
    options: ['ONAN', 'ONAF'],
    type_equipement: 'TRANSFORMATEUR',
    position: 2,
  },
  {
    ...base,
    id: 4,
    cle: 'essai_le',
    libelle: "Date d'essai",
    type: 'DATE',
    type_equipement: 'TRANSFORMATEUR',
    position: 3,
  },
  {
    ...base,
    id: 5,
    cle: 'batteries_ok',
    libelle: 'Batteries conformes',
    type: 'OUI_NON',
    type_equipement: 'ONDULEUR',
    position: 4,
  },
];

/** The answer of GET /interventions/custom-fields. */
export const definitionsResponse = (data: CustomField[] = definitions) =>
  jsonResponse<CustomField[]>({ success: true, data });
