import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import {
  CONSIGNATION_STEP_LABELS,
  type ConsignationInput,
  CONSIGNATION_MESSAGES as M,
  NEEDS_CONSIGNATION,
  TWO_STEP_STEPS,
} from '@gmao/domain/habilitations/consignation';
import type { WorkKind } from '@gmao/domain/habilitations/requirements';
import type { Statut } from '@gmao/domain/interventions/status';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { holdsOneOf } from '../../habilitations/habilitation-check.service.ts';
import { lockForAction } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { checkSignaturePng } from '../signatures/signature-image.ts';
import {
  type ConsignationRecord,
  consignationState,
  findConsignation,
  saveConsignation,
  userNames,
} from './consignation.repository.ts';

const high = (d: string) => d === 'HTA' || d === 'HTB';
/** The chargé de consignation: BC (low voltage) or HC (high voltage). */
const chargeSymbols = (d: string) => (high(d) ? ['HC'] : ['BC']);
/** A chargé de travaux doing the VAT and the MALT of a two-step procedure: B2V / H2V. */
const twoStepSymbols = (d: string) => (high(d) ? ['H2V', 'HC'] : ['B2V', 'BC']);

/** The steps as signed, whatever the key order jsonb gives back or the spelling of the instant. */
const canonical = (steps: ConsignationInput['etapes']) =>
  JSON.stringify(steps.map((s) => [s.etape, Date.parse(s.fait_le), s.par_id, s.cadenas ?? null]));

const refuse = (message: string, field = 'etapes') => {
  throw new AppError('BUSINESS_RULE', message, [{ field, msg: message }]);
};

/** The signer rules: the chargé de consignation holds BC/HC; each step done by him, or VAT/MALT by a B2V/H2V. */
async function checkSigners(tx: DbOrTx, id: number, input: ConsignationInput) {
  const charge = await holdsOneOf(tx, input.charge_consignation_id, id, chargeSymbols);
  if (!charge.ok) refuse(M.chargeConsignation(charge.nom, charge.symbols.join(' / ')), 'charge_consignation_id');
  for (const step of [...input.etapes, ...input.deconsignation]) {
    if (step.par_id === input.charge_consignation_id) continue;
    const allowed = TWO_STEP_STEPS.includes(step.etape) ? await holdsOneOf(tx, step.par_id, id, twoStepSymbols) : null;
    if (!allowed?.ok) {
      const nom = allowed?.nom ?? (await holdsOneOf(tx, step.par_id, id, chargeSymbols)).nom;
      refuse(M.stepBy(CONSIGNATION_STEP_LABELS[step.etape], nom));
    }
  }
}

/** What the API shows of a record: not its storage keys. */
const view = (r: ConsignationRecord | null) => {
  if (!r) return null;
  const { keys: _keys, ...rest } = r;
  return rest;
};

/** What the attestation PDF prints: the intervention, the record with its signature keys, the steps' doers' names. */
export async function consignationForPrint(db: Db, id: number) {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  const record = await findConsignation(db, id);
  if (!record) throw new AppError('NOT_FOUND', M.noRecord);
  const doers = [...new Set([...record.etapes, ...record.deconsignation].map((s) => s.par_id))];
  return { intervention, record, names: await userNames(db, doers) };
}

export async function getConsignation(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return view(await findConsignation(db, id));
}

/** The signature images sent (PNG data URLs), checked like the bon's (signature-image.ts) before anything is stored. */
function decodeSignatures(input: ConsignationInput) {
  const decode = (url: string | null | undefined) => {
    if (!url) return null;
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    checkSignaturePng(bytes);
    return bytes;
  };
  return { cc: decode(input.signature_charge_consignation), ct: decode(input.signature_charge_travaux) };
}

async function store(storage: FileStorage, id: number, bytes: Buffer | null) {
  if (!bytes) return null;
  const key = `interventions/${id}/consignation/${randomUUID()}.png`;
  await storage.save(key, Readable.from([bytes]));
  return key;
}

/**
 * PUT /:id/consignation: the record as it stands (order, times, lock and detector checked by the schema; the signer
 * rules here). Once attested, the steps and signatures stay as signed: only the déconsignation may still change.
 */
export async function putConsignation(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  input: ConsignationInput,
) {
  await db.transaction((tx) => putConsignationInTx(tx, storage, user, id, input));
  return view(await findConsignation(db, id))!;
}

/**
 * The PUT's path inside a transaction (the route's, and the offline sync's `consignation` change): the signature
 * images checked and stored first (an image sent signs for its chargé; one already stored stays as signed), then the
 * record; a refusal removes the images it stored.
 */
export async function putConsignationInTx(
  tx: DbOrTx,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  input: ConsignationInput,
) {
  const images = decodeSignatures(input);
  const current = images.cc || images.ct ? await findConsignation(tx, id) : null;
  const keys = {
    cc: current?.keys.cc ? null : await store(storage, id, images.cc),
    ct: current?.keys.ct ? null : await store(storage, id, images.ct),
  };
  const signed = {
    ...input,
    signe_charge_consignation: input.signe_charge_consignation || images.cc !== null,
    signe_charge_travaux: input.signe_charge_travaux || images.ct !== null,
  };
  try {
    await write(tx, user, id, signed, keys);
  } catch (err) {
    await storage.remove([keys.cc, keys.ct].filter((k): k is string => k !== null));
    throw err;
  }
}

async function write(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  input: ConsignationInput,
  keys: { cc: string | null; ct: string | null },
) {
  await lockForAction(tx, user, id, 'edit');
  const before = await findConsignation(tx, id);
  if (before?.attestee_le) {
    const same =
      canonical(before.etapes) === canonical(input.etapes) &&
      before.charge_consignation?.id === input.charge_consignation_id &&
      before.charge_travaux?.id === input.charge_travaux_id &&
      input.signe_charge_consignation &&
      input.signe_charge_travaux;
    if (!same) refuse(M.locked);
  }
  await checkSigners(tx, id, input);
  await saveConsignation(tx, id, input, user.id, keys);
  await recordAudit(tx, {
    action: 'intervention.consignation',
    entityType: 'intervention',
    entityId: id,
    summary: `Intervention #${id} : consignation (${input.etapes.length}/5 étapes, déconsignation ${input.deconsignation.length}/5)`,
    before: view(before),
    after: { ...input, signature_charge_consignation: undefined, signature_charge_travaux: undefined },
  });
}

/**
 * The status rule (workflow/status.service): for a kind of work on a de-energised installation, EN_COURS needs the
 * attested consignation and TERMINEE the déconsignation.
 */
export async function requireConsignation(tx: DbOrTx, id: number, to: Statut) {
  if (to !== 'EN_COURS' && to !== 'TERMINEE') return;
  const state = await consignationState(tx, id);
  if (!state?.type_travail || !NEEDS_CONSIGNATION.includes(state.type_travail as WorkKind)) return;
  if (to === 'EN_COURS' && !state.attestee) throw new AppError('BUSINESS_RULE', M.requiredToStart);
  if (to === 'TERMINEE' && !state.deconsignee) throw new AppError('BUSINESS_RULE', M.requiredToFinish);
}
