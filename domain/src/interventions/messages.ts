/** Server and UI messages of the intervention sub-resources (assignment, records, materials). Our design, French. */
export const ASSIGNMENT_MESSAGES = {
  technicianRequired: 'Le technicien est requis',
  technicianNotFound: 'Technicien introuvable ou compte désactivé',
  assigned: 'Technicien affecté avec succès',
  unassigned: 'Affectation retirée avec succès',
  assignFailed: "Erreur lors de l'affectation du technicien",
  bulkAssigned: (n: number) => `${n} intervention${n > 1 ? 's' : ''} affectée${n > 1 ? 's' : ''} avec succès`,
  idsRequired: 'Sélectionnez au moins une intervention',
  idsMax: 'Au plus 500 interventions à la fois',
  interventionsNotFound: (ids: number[]) => `Interventions introuvables : ${ids.map((i) => `#${i}`).join(', ')}`,
  historyAssigned: (nom: string) => `Technicien affecté : ${nom}`,
  historyUnassigned: (nom: string) => `Affectation retirée : ${nom}`,
} as const;

export const RECORD_MESSAGES = {
  constatRequired: 'Le constat est requis',
  textMax: (n: number) => `Ce champ ne peut pas dépasser ${n} caractères`,
  graviteInvalid: 'Gravité invalide',
  datePrevueRequired: 'La date prévue est requise',
  dureeInvalid: 'Durée invalide : nombre d’heures positif (au plus 2 décimales, 999 h maximum)',
  resultatRequired: 'Le résultat du contrôle est requis',
  controleLeRequired: 'La date du contrôle est requise',
  controleLeFuture: 'La date du contrôle ne peut pas être dans le futur',
  closedForPlanning: 'Intervention clôturée : la planification n’est plus modifiable (replanifiez-la d’abord)',
  cancelledForDiagnostic: 'Intervention annulée : le diagnostic n’est plus modifiable',
  qualityControlNotStarted: 'Le contrôle qualité nécessite une intervention en cours, en pause ou terminée',
  historyDiagnostic: 'Diagnostic enregistré',
  historyPlanification: (date: string) => `Planification enregistrée (date prévue : ${date})`,
  historyQualityControl: (resultat: string) => `Contrôle qualité : ${resultat}`,
} as const;

export const MATERIAL_MESSAGES = {
  designationRequired: 'La désignation est requise',
  designationMax: 'La désignation ne peut pas dépasser 200 caractères',
  referenceMax: 'La référence ne peut pas dépasser 100 caractères',
  quantiteInvalid: 'Quantité invalide : nombre positif avec au plus 3 décimales',
  prixInvalid: 'Prix invalide : nombre positif avec au plus 2 décimales',
  notFound: 'Matériel introuvable',
  tooMany: (max: number) => `Une intervention ne peut pas compter plus de ${max} lignes de matériel`,
  cancelled: 'Intervention annulée : le matériel n’est plus modifiable',
  created: 'Matériel ajouté avec succès',
  updated: 'Matériel modifié avec succès',
  deleted: 'Matériel supprimé avec succès',
  createFailed: "Erreur lors de l'ajout du matériel",
  updateFailed: 'Erreur lors de la modification du matériel',
  deleteFailed: 'Erreur lors de la suppression du matériel',
} as const;

export const ACTIVITY_MESSAGES = {
  commentRequired: 'Le commentaire est requis',
  commentMax: 'Le commentaire ne peut pas dépasser 5000 caractères',
  commentNotFound: 'Commentaire introuvable',
  commentForbidden: "Seul l'auteur du commentaire ou un administrateur peut le modifier ou le supprimer",
  commentCreated: 'Commentaire ajouté avec succès',
  commentUpdated: 'Commentaire modifié avec succès',
  commentDeleted: 'Commentaire supprimé avec succès',
  commentCreateFailed: "Erreur lors de l'ajout du commentaire",
  commentUpdateFailed: 'Erreur lors de la modification du commentaire',
  commentDeleteFailed: 'Erreur lors de la suppression du commentaire',
  timerStarted: 'Chronomètre démarré',
  timerStopped: 'Chronomètre arrêté',
  timerAlreadyRunning: 'Vous avez déjà un chronomètre en cours sur cette intervention',
  timerNotRunning: "Vous n'avez pas de chronomètre en cours sur cette intervention",
  timerClosed: 'Intervention clôturée : le chronomètre ne peut plus être démarré',
  timerFailed: 'Erreur lors de la mise à jour du chronomètre',
} as const;

export const ATTACHMENT_MESSAGES = {
  fileRequired: 'Aucun fichier reçu (champ « file »)',
  notMultipart: 'La requête doit être envoyée en multipart/form-data',
  tooLarge: 'Fichier trop volumineux (10 Mo maximum)',
  typeRefused:
    'Type de fichier non autorisé : images (JPEG, PNG, GIF, WebP), PDF, texte, CSV et documents bureautiques uniquement',
  tooMany: (max: number) => `Une intervention ne peut pas compter plus de ${max} pièces jointes`,
  notFound: 'Pièce jointe introuvable',
  fileMissing: 'Le fichier de cette pièce jointe est introuvable sur le serveur',
  uploaded: 'Pièce jointe ajoutée avec succès',
  deleted: 'Pièce jointe supprimée avec succès',
  uploadFailed: "Erreur lors de l'envoi de la pièce jointe",
  deleteFailed: 'Erreur lors de la suppression de la pièce jointe',
  downloadFailed: 'Erreur lors du téléchargement de la pièce jointe',
} as const;
