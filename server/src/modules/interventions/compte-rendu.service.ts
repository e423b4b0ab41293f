import { isAdmin } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { COMPTE_RENDU_MESSAGES } from '@gmao/domain/interventions/compte-rendu-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findCompteRendu,
  insertCompteRendu,
  listComptesRendus,
  lockCompteRenduAuthor,
  updateCompteRendu,
} from './compte-rendu.repository.ts';
import { findIntervention } from './interventions.repository.ts';

type Input = { titre: string; contenu: string };

async function mustExist(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
}

export async function getComptesRendus(db: Db, id: number) {
  await mustExist(db, id);
  return listComptesRendus(db, id);
}

export async function addCompteRendu(db: Db, user: SessionUser, id: number, input: Input) {
  await mustExist(db, id);
  const reportId = await insertCompteRendu(db, id, user.id, input);
  return (await findCompteRendu(db, id, reportId))!;
}

/** Only the author or an administrator may edit a report. */
export async function editCompteRendu(db: Db, user: SessionUser, id: number, reportId: number, input: Input) {
  await mustExist(db, id);
  await db.transaction(async (tx) => {
    const author = await lockCompteRenduAuthor(tx, id, reportId);
    if (author === undefined) throw new AppError('NOT_FOUND', COMPTE_RENDU_MESSAGES.notFound);
    if (author !== user.id && !isAdmin(user)) throw new AppError('FORBIDDEN', COMPTE_RENDU_MESSAGES.forbidden);
    await updateCompteRendu(tx, reportId, input);
  });
  return (await findCompteRendu(db, id, reportId))!;
}
