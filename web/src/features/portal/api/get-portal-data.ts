import type {
  PortalContracts,
  PortalEquipment,
  PortalEquipmentDetail,
  PortalIntervention,
  PortalMe,
} from '@gmao/domain/portal/portal-schemas';
import type { PortalRequest } from '@gmao/domain/requests/request-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { type PortalInterventionFilters, type PortalListFilters, portalKeys } from './query-keys';

/** The portal's reads (/api/portal/*): each a fetcher, its query options and its hook. */

export const getPortalMe = () => api.get<Envelope<PortalMe>>('/portal/me');
export const portalMeQueryOptions = () =>
  queryOptions({ queryKey: portalKeys.me(), queryFn: getPortalMe, staleTime: 300_000 });
export const usePortalMe = () => useQuery(portalMeQueryOptions());

export const getPortalEquipment = (f: PortalListFilters) =>
  api.get<ListEnvelope<PortalEquipment>>('/portal/equipment', { query: { ...f } });
export const usePortalEquipment = (f: PortalListFilters) =>
  useQuery({
    queryKey: portalKeys.equipment(f),
    queryFn: () => getPortalEquipment(f),
    placeholderData: keepPreviousData,
  });

export const getPortalEquipmentDetail = (id: number) =>
  api.get<Envelope<PortalEquipmentDetail>>(`/portal/equipment/${id}`);
export const usePortalEquipmentDetail = (id: number) =>
  useQuery({ queryKey: portalKeys.equipmentDetail(id), queryFn: () => getPortalEquipmentDetail(id) });

export const getPortalInterventions = (f: PortalInterventionFilters) =>
  api.get<ListEnvelope<PortalIntervention>>('/portal/interventions', { query: { ...f } });
export const usePortalInterventions = (f: PortalInterventionFilters) =>
  useQuery({
    queryKey: portalKeys.interventions(f),
    queryFn: () => getPortalInterventions(f),
    placeholderData: keepPreviousData,
  });

export const getPortalIntervention = (id: number) =>
  api.get<Envelope<PortalIntervention>>(`/portal/interventions/${id}`);
export const usePortalIntervention = (id: number | null) =>
  useQuery({
    queryKey: portalKeys.intervention(id ?? 0),
    queryFn: () => getPortalIntervention(id ?? 0),
    enabled: id !== null,
  });

export const getPortalContract = () => api.get<Envelope<PortalContracts>>('/portal/contract');
export const usePortalContract = () => useQuery({ queryKey: portalKeys.contract(), queryFn: getPortalContract });

export const getPortalRequests = (f: PortalListFilters) =>
  api.get<ListEnvelope<PortalRequest>>('/portal/requests', { query: { ...f } });
export const usePortalRequests = (f: PortalListFilters) =>
  useQuery({
    queryKey: portalKeys.requests(f),
    queryFn: () => getPortalRequests(f),
    placeholderData: keepPreviousData,
  });

export const downloadSignedBon = (id: number) =>
  downloadFile(`/portal/interventions/${id}/bon.pdf`, `bon-intervention-${id}.pdf`);
export const downloadPortalReport = (kind: 'period' | 'sla') =>
  downloadFile(`/portal/reports/${kind}.pdf`, kind === 'period' ? 'rapport-interventions.pdf' : 'delais-garantis.pdf');
