import type { Template } from '@gmao/domain/templates/template-schemas';

/** Two templates as the API returns them: a typed one with materials, an untyped urgent one. */
export const visite: Template = {
  id: 1,
  nom: 'Visite annuelle transformateur',
  description: 'Visite préventive annuelle du transformateur',
  type_equipement: 'TRANSFORMATEUR',
  urgence: false,
  duree_estimee: 240,
  checklist: ['Consignation et mise à la terre', "Mesure d'isolement", 'Remise sous tension'],
  materiaux: [
    { designation: "Kit de prélèvement d'huile", reference: 'PRL-HUILE', quantite: '1', prixUnitaire: '350.00' },
    { designation: 'Silicagel (recharge 1 kg)', reference: null, quantite: '2.5', prixUnitaire: '120.00' },
  ],
  actif: true,
  usageCount: 7,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
};

export const depannage: Template = {
  ...visite,
  id: 2,
  nom: "Dépannage urgent — perte d'alimentation",
  description: null,
  type_equipement: null,
  urgence: true,
  duree_estimee: null,
  checklist: ['Sécurisation de la zone'],
  materiaux: [],
  actif: false,
  usageCount: 0,
};

export const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
