import {
  CONSIGNATION_STEPS,
  type Consignation,
  type ConsignationInput,
  type ConsignationStep,
  type ConsignationStepInput,
} from '@gmao/domain/habilitations/consignation';

/**
 * The consignation screen's state (issue 34): each of the five steps done or not, with its time, who did it, the
 * lock number and the detector tests; the same for the déconsignation (reverse order). Built from the stored record
 * and turned back into the PUT body — the steps done, in the standard's order (a step left out is the server's
 * "hors d'ordre" refusal, shown as it says it).
 */
export type StepDraft = {
  done: boolean;
  /** ISO instant the step was marked done. */
  fait_le: string;
  /** The user id as the select gives it ('' = nobody chosen). */
  par: string;
  cadenas: string;
  avant: boolean;
  apres: boolean;
};
export type ConsignationDraft = {
  cc: string;
  ct: string;
  etapes: Record<ConsignationStep, StepDraft>;
  deconsignation: Record<ConsignationStep, StepDraft>;
};

const emptyStep = (): StepDraft => ({ done: false, fait_le: '', par: '', cadenas: '', avant: false, apres: false });

const fromSteps = (steps: ConsignationStepInput[]) => {
  const out = Object.fromEntries(CONSIGNATION_STEPS.map((s) => [s, emptyStep()])) as Record<
    ConsignationStep,
    StepDraft
  >;
  for (const s of steps) {
    out[s.etape] = {
      done: true,
      fait_le: s.fait_le,
      par: String(s.par_id),
      cadenas: s.cadenas ?? '',
      avant: s.detecteur_teste_avant ?? false,
      apres: s.detecteur_teste_apres ?? false,
    };
  }
  return out;
};

/** The draft of a stored record, or a fresh one whose two chargés are `me` (the technician on site). */
export function draftOf(record: Consignation | null, me: number | null): ConsignationDraft {
  const self = me === null ? '' : String(me);
  return {
    cc: record?.charge_consignation ? String(record.charge_consignation.id) : self,
    ct: record?.charge_travaux ? String(record.charge_travaux.id) : self,
    etapes: fromSteps(record?.etapes ?? []),
    deconsignation: fromSteps(record?.deconsignation ?? []),
  };
}

const toSteps = (steps: Record<ConsignationStep, StepDraft>, order: readonly ConsignationStep[]) =>
  order
    .filter((etape) => steps[etape].done)
    .map((etape) => {
      const s = steps[etape];
      return {
        etape,
        fait_le: s.fait_le,
        par_id: Number(s.par),
        ...(etape === 'CONDAMNATION' ? { cadenas: s.cadenas.trim() || null } : {}),
        ...(etape === 'VAT' ? { detecteur_teste_avant: s.avant, detecteur_teste_apres: s.apres } : {}),
      };
    });

/** The draft of a record kept on the phone (offline), not yet on the server. */
export function draftOfInput(input: ConsignationInput): ConsignationDraft {
  return {
    cc: String(input.charge_consignation_id),
    ct: String(input.charge_travaux_id),
    etapes: fromSteps(input.etapes),
    deconsignation: fromSteps(input.deconsignation),
  };
}

/** Who signed the attestation: as stored, or as kept on the phone (an image sent signs for its chargé). */
export function signedOf(record: Consignation | null, queued: ConsignationInput | null) {
  return {
    cc: Boolean(
      record?.signe_charge_consignation || queued?.signe_charge_consignation || queued?.signature_charge_consignation,
    ),
    ct: Boolean(record?.signe_charge_travaux || queued?.signe_charge_travaux || queued?.signature_charge_travaux),
  };
}

/** The PUT body: the steps done in order, the signatures as they stand (or the two images being signed). */
export function inputOf(
  draft: ConsignationDraft,
  signed: { cc: boolean; ct: boolean },
  images: { cc: string | null; ct: string | null } = { cc: null, ct: null },
): ConsignationInput {
  return {
    charge_consignation_id: Number(draft.cc),
    charge_travaux_id: Number(draft.ct),
    etapes: toSteps(draft.etapes, CONSIGNATION_STEPS),
    signe_charge_consignation: signed.cc,
    signe_charge_travaux: signed.ct,
    deconsignation: toSteps(draft.deconsignation, [...CONSIGNATION_STEPS].reverse()),
    ...(images.cc ? { signature_charge_consignation: images.cc } : {}),
    ...(images.ct ? { signature_charge_travaux: images.ct } : {}),
  };
}

/** Marks a step done now, by the chargé de consignation unless someone is chosen; or undoes it. */
export function toggleStep(step: StepDraft, done: boolean, by: string): StepDraft {
  return done ? { ...step, done, fait_le: new Date().toISOString(), par: step.par || by } : { ...step, done };
}
