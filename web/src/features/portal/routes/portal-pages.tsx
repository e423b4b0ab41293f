import { Navigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { PortalContract } from '../components/portal-contract';
import { PortalDashboard } from '../components/portal-dashboard';
import { PortalEquipmentDetail, PortalEquipmentList } from '../components/portal-equipment';
import { PortalInterventionDetail, PortalInterventionList } from '../components/portal-interventions';
import { PortalNewRequest } from '../components/portal-new-request';
import { PortalRequests } from '../components/portal-requests';

/** The portal's pages (thin: read the params, assemble the feature's components). */
export function PortalHomeRoute() {
  return <PortalDashboard />;
}

export function PortalEquipmentRoute() {
  const { id } = useParams();
  return id ? <PortalEquipmentDetail id={Number(id)} /> : <PortalEquipmentList />;
}

export function PortalInterventionsRoute() {
  const { id } = useParams();
  return id ? <PortalInterventionDetail id={Number(id)} /> : <PortalInterventionList />;
}

export function PortalContractRoute() {
  return <PortalContract />;
}

export function PortalRequestsRoute() {
  const { user } = useSession();
  return <PortalRequests canFile={user?.portalDroit === 'DEMANDEUR'} />;
}

export function PortalNewRequestRoute() {
  const { user } = useSession();
  // only a DEMANDEUR files requests (the server refuses the others too)
  if (user?.portalDroit !== 'DEMANDEUR') return <Navigate to={paths.portalRequests} replace />;
  return <PortalNewRequest defaultNom={user.nom} />;
}
