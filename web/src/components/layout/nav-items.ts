import { AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { NAV_TITLES } from '@gmao/domain/common/nav-titles';
import { CONTRACTS_NAV_TITLE } from '@gmao/domain/contracts/contract-nav';
import { CUSTOM_FIELD_MESSAGES } from '@gmao/domain/custom-fields/custom-field-messages';
import {
  BarChart3,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardList,
  FileSignature,
  FileText,
  History,
  KeyRound,
  LayoutDashboard,
  ListPlus,
  type LucideIcon,
  Mail,
  MessageSquareWarning,
  Network,
  Package,
  ShieldCheck,
  Users,
  Webhook,
  Wrench,
} from 'lucide-react';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Permission the entry needs; admins see everything. */
  permission?: string;
  /** Entries of the Administration section need the admin role. */
  adminOnly?: boolean;
  /** A count shown beside the entry (pending self-registrations on 'Utilisateurs', new requests on 'Demandes'). */
  badge?: number;
  /** What the count is, for screen readers (default: pending access requests). */
  badgeLabel?: string;
  /**
   * The page works for a role "limité à ses sections" (its server routes apply the user's visibility); the other
   * entries, which cover the whole company, are hidden from such a user (the server refuses them anyway).
   */
  sectionScoped?: boolean;
}

export const NAVIGATION: NavItem[] = [
  { label: 'Tableau de Bord', to: paths.dashboard, icon: LayoutDashboard, sectionScoped: true },
  { label: 'Clients', to: paths.clients, icon: Building2, permission: PERMISSIONS.CLIENTS_READ, sectionScoped: true },
  {
    label: 'Équipements',
    to: paths.equipment,
    icon: Wrench,
    permission: PERMISSIONS.EQUIPMENT_READ,
    sectionScoped: true,
  },
  {
    label: 'Interventions',
    to: paths.interventions,
    icon: ClipboardList,
    permission: PERMISSIONS.INTERVENTIONS_READ,
    sectionScoped: true,
  },
  {
    label: NAV_TITLES.requests,
    to: paths.requests,
    icon: MessageSquareWarning,
    permission: PERMISSIONS.REQUESTS_MANAGE,
    sectionScoped: true,
  },
  {
    label: 'Maintenance préventive',
    to: paths.plans,
    icon: CalendarClock,
    permission: PERMISSIONS.PLANS_READ,
    sectionScoped: true,
  },
  {
    label: NAV_TITLES.habilitations,
    to: paths.habilitations,
    icon: ShieldCheck,
    permission: PERMISSIONS.HABILITATIONS_MANAGE,
  },
  { label: 'Planning', to: paths.planning, icon: CalendarDays, permission: PERMISSIONS.INTERVENTIONS_READ },
  { label: 'Stock', to: paths.stock, icon: Package, permission: PERMISSIONS.STOCK_READ },
  { label: CONTRACTS_NAV_TITLE, to: paths.contracts, icon: FileSignature, permission: PERMISSIONS.CONTRACTS_READ },
  { label: 'Rapports', to: paths.reports, icon: FileText, permission: PERMISSIONS.REPORTS_READ },
  { label: 'Analyses', to: paths.analytics, icon: BarChart3, permission: PERMISSIONS.ANALYTICS_READ },
];

export const ADMINISTRATION: NavItem[] = [
  { label: 'Utilisateurs', to: paths.users, icon: Users, adminOnly: true },
  { label: 'Rôles et permissions', to: paths.roles, icon: KeyRound, adminOnly: true },
  { label: 'Sections', to: paths.sections, icon: Network, adminOnly: true },
  { label: AUDIT_MESSAGES.title, to: paths.audit, icon: History, adminOnly: true },
  { label: CUSTOM_FIELD_MESSAGES.title, to: paths.customFields, icon: ListPlus, adminOnly: true },
  { label: NAV_TITLES.mail, to: paths.mail, icon: Mail, adminOnly: true },
  { label: NAV_TITLES.company, to: paths.company, icon: Building2, adminOnly: true },
  { label: NAV_TITLES.webhooks, to: paths.webhooks, icon: Webhook, adminOnly: true },
];
