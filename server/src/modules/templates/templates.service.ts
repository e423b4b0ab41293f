import type { SessionUser } from '@gmao/domain/auth/user';
import {
  TEMPLATE_MESSAGES as M,
  type Template,
  type TemplateCreateIntervention,
  type TemplateInput,
} from '@gmao/domain/templates/template-schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { createIntervention } from '../interventions/interventions.service.ts';
import * as repo from './templates.repository.ts';

export const listTemplates = repo.listTemplates;

export async function getTemplate(db: Db, id: number): Promise<Template> {
  const template = await repo.findTemplate(db, id);
  if (!template) throw new AppError('NOT_FOUND', M.notFound);
  return template;
}

const nameConflict = () => new AppError('CONFLICT', M.nomTaken, [{ field: 'nom', msg: M.nomTaken }]);

/** The unique index on lower(nom) decides between two concurrent writes of the same name. */
function rethrowNameConflict(err: unknown): never {
  if (pgErrorCode(err) === '23505') throw nameConflict();
  throw err;
}

export async function createTemplate(db: Db, user: SessionUser, input: TemplateInput): Promise<Template> {
  const id = await db
    .transaction(async (tx) => {
      if (await repo.nameTaken(tx, input.nom, null)) throw nameConflict();
      return repo.insertTemplate(tx, input, user.id);
    })
    .catch(rethrowNameConflict);
  return getTemplate(db, id);
}

export async function updateTemplate(db: Db, id: number, input: TemplateInput): Promise<Template> {
  await db
    .transaction(async (tx) => {
      if (await repo.nameTaken(tx, input.nom, id)) throw nameConflict();
      if (!(await repo.updateTemplate(tx, id, input))) throw new AppError('NOT_FOUND', M.notFound);
    })
    .catch(rethrowNameConflict);
  return getTemplate(db, id);
}

/** Interventions created from it keep their copy of its checklist and materials (template_id becomes null). */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteTemplate(db, id))) throw new AppError('NOT_FOUND', M.notFound);
}

/**
 * A PLANIFIEE intervention for the chosen equipment with the template's description, urgency, checklist and planned
 * materials, in one transaction (interventions.service). The equipment must be of the template's type, if it has one.
 */
export async function createFromTemplate(db: Db, user: SessionUser, id: number, input: TemplateCreateIntervention) {
  const template = await getTemplate(db, id);
  if (!template.actif) throw new AppError('BUSINESS_RULE', M.inactive);
  const type = await repo.equipmentType(db, input.equipement_id);
  if (type === undefined) {
    throw new AppError('BAD_REQUEST', 'Équipement introuvable', [
      { field: 'equipement_id', msg: 'Équipement introuvable' },
    ]);
  }
  if (template.type_equipement && type !== template.type_equipement) {
    throw new AppError('BUSINESS_RULE', M.wrongType(template.type_equipement, type ?? 'AUTRE'));
  }
  return createIntervention(
    db,
    user,
    {
      equipement_id: input.equipement_id,
      date: input.date,
      description: input.description?.trim() || template.description || template.nom,
      urgence: input.urgence ?? template.urgence,
      statut: 'PLANIFIEE',
      type_travail: template.type_travail ?? null,
    },
    {
      templateId: template.id,
      checklist: template.checklist,
      materials: template.materiaux,
      note: M.historyNote(template.nom),
    },
  );
}
