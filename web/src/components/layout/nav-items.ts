import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  BarChart3,
  Building2,
  ClipboardList,
  FileText,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Network,
  Users,
  Wrench,
} from 'lucide-react';
import { paths } from '../../app/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Permission the entry needs; admins see everything. */
  permission?: string;
  /** Entries of the Administration section need the admin role. */
  adminOnly?: boolean;
  /** A count shown beside the entry (pending self-registrations on 'Utilisateurs'). */
  badge?: number;
}

export const NAVIGATION: NavItem[] = [
  { label: 'Tableau de Bord', to: paths.dashboard, icon: LayoutDashboard },
  { label: 'Clients', to: paths.clients, icon: Building2, permission: PERMISSIONS.CLIENTS_READ },
  { label: 'Équipements', to: paths.equipment, icon: Wrench, permission: PERMISSIONS.EQUIPMENT_READ },
  { label: 'Interventions', to: paths.interventions, icon: ClipboardList, permission: PERMISSIONS.INTERVENTIONS_READ },
  { label: 'Rapports', to: paths.reports, icon: FileText, permission: PERMISSIONS.REPORTS_READ },
  { label: 'Analyses', to: paths.analytics, icon: BarChart3, permission: PERMISSIONS.ANALYTICS_READ },
];

export const ADMINISTRATION: NavItem[] = [
  { label: 'Utilisateurs', to: paths.users, icon: Users, adminOnly: true },
  { label: 'Rôles et permissions', to: paths.roles, icon: KeyRound, adminOnly: true },
  { label: 'Sections', to: paths.sections, icon: Network, adminOnly: true },
];
