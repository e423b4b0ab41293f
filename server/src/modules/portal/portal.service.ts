import type { SessionUser } from '@gmao/domain/auth/user';
import { type Visibility, visibilityOf } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import { metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import type {
  PortalContracts,
  PortalEquipmentDetail,
  PortalInterventionQuery,
  PortalListQuery,
  PortalMe,
  PortalPeriodQuery,
} from '@gmao/domain/portal/portal-schemas';
import { REPORT_MESSAGES } from '@gmao/domain/reports/report-schemas';
import { SLA_REPORT_MESSAGES } from '@gmao/domain/reports/sla-report-schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { interventionReportPdf, periodPdf } from '../reports/report-export.service.ts';
import { getSlaReport, slaReportPdf } from '../reports/sla-report.service.ts';
import { getCompanyProfile } from '../settings/company.service.ts';
import * as repo from './portal.repository.ts';

/**
 * The client portal (issue 33): what one client company's users see, read through the one visibility predicate
 * (visibilityOf(user) is { kind: 'client' } for them: the routes admit nobody else) and shaped for outsiders
 * (domain portal-schemas.ts). Reports are the internal ones, asked for the company alone and printed without costs.
 */

/** The portal user's company, the only client his visibility sees (404 if the client is gone). */
async function company(db: Db, v: Visibility) {
  if (v.kind !== 'client') throw new AppError('FORBIDDEN', M.clientNotFound);
  const c = await repo.companyOf(db, v);
  if (!c) throw new AppError('NOT_FOUND', M.clientNotFound);
  return c;
}

export async function me(db: Db, user: SessionUser): Promise<PortalMe> {
  const c = await company(db, visibilityOf(user));
  const profile = await getCompanyProfile(db);
  return {
    nom: user.nom,
    username: user.username,
    droit: user.portalDroit ?? 'LECTURE',
    entreprise: c,
    prestataire: profile.nom,
  };
}

export async function listEquipment(db: Db, user: SessionUser, q: PortalListQuery) {
  const { rows, total } = await repo.listEquipment(db, visibilityOf(user), q);
  return { data: rows, pagination: makePagination(total, q.page, q.limit) };
}

export async function equipmentDetail(db: Db, user: SessionUser, id: number): Promise<PortalEquipmentDetail> {
  const v = visibilityOf(user);
  const eq = await repo.findEquipment(db, v, id);
  if (!eq) throw new AppError('NOT_FOUND', M.equipmentNotFound);
  const [history, visits] = await Promise.all([
    repo.listInterventions(db, v, { page: 1, limit: 50, equipement_id: id }),
    repo.nextVisits(db, v, id, metricsToday()),
  ]);
  return { ...eq, interventions: history.rows, prochaines_visites: visits };
}

export async function listInterventions(db: Db, user: SessionUser, q: PortalInterventionQuery) {
  const { rows, total } = await repo.listInterventions(db, visibilityOf(user), q);
  return { data: rows, pagination: makePagination(total, q.page, q.limit) };
}

export async function interventionDetail(db: Db, user: SessionUser, id: number) {
  const row = await repo.findIntervention(db, visibilityOf(user), id);
  if (!row) throw new AppError('NOT_FOUND', M.interventionNotFound);
  return row;
}

/** The signed bon (its latest signed version, as signed); 404 for another company's or an unsigned one. */
export async function signedBonPdf(db: Db, storage: FileStorage, user: SessionUser, id: number): Promise<Buffer> {
  const version = await repo.latestSignedBonVersion(db, visibilityOf(user), id);
  if (version === null) throw new AppError('NOT_FOUND', M.bonNotSigned);
  return interventionReportPdf(db, storage, id, version, { forClient: true });
}

/** The default period: the last 90 days; a period longer than a year is refused like the reports' own. */
function period(q: PortalPeriodQuery) {
  const today = metricsToday();
  const dateTo = q.dateTo ?? today;
  const dateFrom = q.dateFrom ?? timeframeStart(dateTo, 90);
  if (dateFrom > dateTo)
    throw new AppError('BAD_REQUEST', REPORT_MESSAGES.dateOrder, [{ field: 'dateTo', msg: REPORT_MESSAGES.dateOrder }]);
  if ((Date.parse(dateTo) - Date.parse(dateFrom)) / 86_400_000 > 365) {
    throw new AppError('BAD_REQUEST', SLA_REPORT_MESSAGES.periodTooLong, [
      { field: 'dateFrom', msg: SLA_REPORT_MESSAGES.periodTooLong },
    ]);
  }
  return { dateFrom, dateTo };
}

export async function contracts(db: Db, user: SessionUser, q: PortalPeriodQuery): Promise<PortalContracts> {
  const v = visibilityOf(user);
  const c = await company(db, v);
  const p = period(q);
  const [contrats, sla] = await Promise.all([
    repo.contractsOf(db, v, metricsToday()),
    getSlaReport(db, { client_id: c.id, ...p }),
  ]);
  return {
    contrats,
    conformite: {
      ...p,
      cibles: sla.cibles.map(({ cible, total, respectees, depassees, en_cours, taux }) => ({
        cible,
        total,
        respectees,
        depassees,
        en_cours,
        taux,
      })),
    },
  };
}

export async function periodReportPdf(db: Db, storage: FileStorage, user: SessionUser, q: PortalPeriodQuery) {
  const v = visibilityOf(user);
  const c = await company(db, v);
  const p = period(q);
  // costs and prices only when the client's contract says so (issue 33)
  const costs = await repo.pricesShown(db, v, metricsToday());
  const pdf = await periodPdf(db, { ...p, clientId: c.id }, storage, { costs });
  return { pdf, ...p };
}

export async function slaPdf(db: Db, storage: FileStorage, user: SessionUser, q: PortalPeriodQuery) {
  const c = await company(db, visibilityOf(user));
  const p = period(q);
  return { pdf: await slaReportPdf(db, { client_id: c.id, ...p }, storage), ...p };
}
