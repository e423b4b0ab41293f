import type { SessionUser } from '@gmao/domain/auth/user';
import { TIMER_STOPPING_STATUTS } from '@gmao/domain/interventions/activity-schemas';
import type {
  Intervention,
  InterventionCreate,
  InterventionUpdate,
} from '@gmao/domain/interventions/intervention-schemas';
import { canTransition, WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachmentKeys } from './attachments.repository.ts';
import { insertDefaultChecklist } from './checklist.repository.ts';
import {
  findEquipmentOwner,
  findIntervention,
  insertHistory,
  lockIntervention,
  setStatut,
} from './interventions.repository.ts';
import { stopAllSessions } from './timer.repository.ts';

export const CREATION_NOTE = 'Intervention créée';

/** The equipment's owner is the intervention's client; a client_id sent by the caller must agree. */
async function resolveClient(tx: DbOrTx, equipementId: number, clientId: number | null | undefined) {
  const owner = await findEquipmentOwner(tx, equipementId);
  if (owner === null) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.equipmentNotFound, [
      { field: 'equipement_id', msg: WORKFLOW_MESSAGES.equipmentNotFound },
    ]);
  }
  if (clientId != null && clientId !== owner) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.clientMismatch, [
      { field: 'client_id', msg: WORKFLOW_MESSAGES.clientMismatch },
    ]);
  }
  return owner;
}

async function mustFind(db: DbOrTx, id: number): Promise<Intervention> {
  const row = await findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export async function getIntervention(db: Db, id: number) {
  return mustFind(db, id);
}

export async function createIntervention(db: Db, user: SessionUser, input: InterventionCreate) {
  const id = await db.transaction(async (tx) => {
    const clientId = await resolveClient(tx, input.equipement_id, input.client_id);
    const { rows } = await tx.execute<{ id: number }>(
      sql`INSERT INTO interventions (equipement_id, client_id, date, description, urgence, statut, started_at, completed_at, creer_par)
          VALUES (${input.equipement_id}, ${clientId}, ${input.date}::date, ${input.description}, ${input.urgence},
                  ${input.statut},
                  CASE WHEN ${input.statut} IN ('EN_COURS', 'TERMINEE') THEN now() END,
                  CASE WHEN ${input.statut} = 'TERMINEE' THEN now() END,
                  ${user.id})
          RETURNING id`,
    );
    const created = rows[0].id;
    await insertHistory(tx, {
      interventionId: created,
      from: null,
      to: input.statut,
      note: CREATION_NOTE,
      userId: user.id,
    });
    await insertDefaultChecklist(tx, created, input.equipement_id);
    return created;
  });
  return mustFind(db, id);
}

/** Locked, checked status change plus its history row; the caller owns the transaction. */
export async function applyStatusChange(
  tx: DbOrTx,
  user: SessionUser,
  current: { id: number; statut: string },
  to: string,
  note: string | null,
) {
  if (!canTransition(current.statut, to)) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.transitionRefused(current.statut, to));
  }
  await setStatut(tx, current.id, to);
  await insertHistory(tx, { interventionId: current.id, from: current.statut, to, note, userId: user.id });
  if ((TIMER_STOPPING_STATUTS as readonly string[]).includes(to)) await stopAllSessions(tx, current.id);
}

export async function changeStatus(db: Db, user: SessionUser, id: number, to: string, note?: string | null) {
  await db.transaction(async (tx) => {
    const current = await lockIntervention(tx, id);
    if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    await applyStatusChange(tx, user, current, to, note || null);
  });
  return mustFind(db, id);
}

/** Field updates; a status different from the current one goes through the workflow with a history row. */
export async function updateIntervention(db: Db, user: SessionUser, id: number, input: InterventionUpdate) {
  await db.transaction(async (tx) => {
    const current = await lockIntervention(tx, id);
    if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    const equipementId = input.equipement_id ?? current.equipement_id;
    const clientId =
      input.equipement_id !== undefined || input.client_id != null
        ? await resolveClient(tx, equipementId, input.client_id)
        : current.client_id;
    await tx.execute(sql`UPDATE interventions SET
        equipement_id = ${equipementId},
        client_id = ${clientId},
        date = COALESCE(${input.date ?? null}::date, date),
        description = CASE WHEN ${input.description !== undefined} THEN ${input.description ?? null} ELSE description END,
        urgence = COALESCE(${input.urgence ?? null}::boolean, urgence),
        note = CASE WHEN ${input.note !== undefined} THEN ${input.note || null} ELSE note END,
        updated_at = now()
      WHERE id = ${id}`);
    if (input.statut && input.statut !== current.statut) {
      await applyStatusChange(tx, user, current, input.statut, input.note || null);
    }
  });
  return mustFind(db, id);
}

/** Deletes the intervention; returns the storage keys of its attachments, for the caller to remove the files. */
export async function deleteIntervention(db: Db, id: number) {
  // History, records, materials, comments, timer sessions and attachment rows go with it (ON DELETE CASCADE).
  return db.transaction(async (tx) => {
    // Lock first: an upload committing between reading the keys and deleting would leave its file behind.
    await tx.execute(sql`SELECT id FROM interventions WHERE id = ${id} FOR UPDATE`);
    const keys = await attachmentKeys(tx, id);
    const { rows } = await tx.execute<{ id: number }>(sql`DELETE FROM interventions WHERE id = ${id} RETURNING id`);
    if (rows.length === 0) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    return keys;
  });
}
