import type { SessionUser } from '@gmao/domain/auth/user';
import {
  applicableFields,
  type CustomField,
  type CustomFieldInput,
  type CustomValue,
  checkCustomValues,
  formatCustomValue,
  CUSTOM_FIELD_MESSAGES as M,
} from '@gmao/domain/custom-fields/custom-field-schemas';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { lockForAction } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import * as repo from './custom-fields.repository.ts';

export const listDefinitions = repo.listDefinitions;

export async function getDefinition(db: Db, id: number): Promise<CustomField> {
  const found = await repo.findDefinition(db, id);
  if (!found) throw new AppError('NOT_FOUND', M.notFound);
  return found;
}

const keyConflict = () => new AppError('CONFLICT', M.cleTaken, [{ field: 'cle', msg: M.cleTaken }]);

export async function createDefinition(db: Db, input: CustomFieldInput): Promise<CustomField> {
  const id = await db.transaction(async (tx) => {
    if (await repo.keyTaken(tx, input.cle, null)) throw keyConflict();
    const created = await repo.insertDefinition(tx, input);
    await recordAudit(tx, {
      action: 'custom_field.create',
      entityType: 'custom_field',
      entityId: created,
      after: input,
    });
    return created;
  });
  return getDefinition(db, id);
}

/** The key and the type are fixed once created: stored values are keyed and typed by them. */
export async function updateDefinition(db: Db, id: number, input: CustomFieldInput): Promise<CustomField> {
  await db.transaction(async (tx) => {
    const before = await repo.findDefinition(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    if (before.cle !== input.cle || before.type !== input.type) {
      throw new AppError('BUSINESS_RULE', M.keyTypeLocked);
    }
    await repo.updateDefinition(tx, id, input);
    await recordAudit(tx, {
      action: 'custom_field.update',
      entityType: 'custom_field',
      entityId: id,
      before,
      after: input,
    });
  });
  return getDefinition(db, id);
}

/** Values already recorded under the key stay in the interventions (hidden), so that re-creating the key shows them. */
export async function deleteDefinition(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findDefinition(tx, id);
    if (!before || !(await repo.deleteDefinition(tx, id))) throw new AppError('NOT_FOUND', M.notFound);
    await recordAudit(tx, { action: 'custom_field.delete', entityType: 'custom_field', entityId: id, before });
  });
}

/**
 * Replaces the intervention's values of the fields that apply to it (global ones and its equipment type's): checked
 * against the definitions, required ones present; under the intervention's row lock and its object rule (edit), with a
 * history note naming the changed fields, in one transaction.
 */
export async function saveValues(db: Db, user: SessionUser, id: number, values: Record<string, CustomValue>) {
  await db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'edit');
    const state = await repo.interventionCustomState(tx, id);
    if (!state) throw new AppError('NOT_FOUND', M.interventionNotFound);
    const fields = applicableFields(await repo.listDefinitions(tx, { actif: 'true' }), state.type_equipement);
    const checked = checkCustomValues(fields, values);
    if (!checked.ok) throw new AppError('BAD_REQUEST', checked.errors[0]!.msg, checked.errors);
    // Values of keys that no longer apply (deleted or deactivated definitions) are kept as they were.
    const applicable = new Set(fields.map((f) => f.cle));
    const kept = Object.fromEntries(Object.entries(state.custom_fields).filter(([k]) => !applicable.has(k)));
    const changed = fields.filter((f) => (state.custom_fields[f.cle] ?? null) !== (checked.values[f.cle] ?? null));
    if (changed.length === 0) return;
    await repo.writeCustomValues(tx, id, { ...kept, ...checked.values });
    const note = M.historyNote(
      changed.map((f) => `${f.libelle} : ${formatCustomValue(f, checked.values[f.cle]) || '—'}`).join(' ; '),
    );
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  });
  const found = await findIntervention(db, id);
  if (!found) throw new AppError('NOT_FOUND', M.interventionNotFound);
  return found;
}
