import type { SessionUser } from '@gmao/domain/auth/user';
import { COMPTE_RENDU_MESSAGES } from '@gmao/domain/interventions/compte-rendu-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, lockForItem, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import {
  findCompteRendu,
  insertCompteRendu,
  listComptesRendus,
  lockCompteRenduAuthor,
  updateCompteRendu,
} from './compte-rendu.repository.ts';

type Input = { titre: string; contenu: string };

async function mustExist(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
}

export async function getComptesRendus(db: Db, id: number) {
  await mustExist(db, id);
  return listComptesRendus(db, id);
}

/** Written by who holds the intervention (creator, assignee) or a holder of interventions:assign. */
export async function addCompteRendu(
  db: Db,
  user: SessionUser,
  id: number,
  input: Input,
  precondition?: VersionPrecondition,
) {
  const reportId = await db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'writeReport', precondition);
    return insertCompteRendu(tx, id, user.id, input);
  });
  return (await findCompteRendu(db, id, reportId))!;
}

/** Only the author or a holder of interventions:assign may edit a report. */
export async function editCompteRendu(
  db: Db,
  user: SessionUser,
  id: number,
  reportId: number,
  input: Input,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    const item = {
      lockAuthor: (t: DbOrTx) => lockCompteRenduAuthor(t, id, reportId),
      notFound: COMPTE_RENDU_MESSAGES.notFound,
    };
    await lockForItem(tx, user, id, item, precondition);
    await updateCompteRendu(tx, reportId, input);
  });
  return (await findCompteRendu(db, id, reportId))!;
}
