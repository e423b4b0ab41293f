import { USERS_SCREEN } from '@gmao/domain/users/messages';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { useRoleOptions, useSectionOptions } from '../api/get-options';

export interface UsersToolbarValue {
  search: string;
  /** ALL or an id */
  roleId: string;
  sectionId: string;
  status: typeof ALL | 'true' | 'false';
}

/** "No filter" is a real option (not the placeholder) so the select always shows a readable label. */
export const ALL = 'all';

export function UsersToolbar({
  value,
  onChange,
}: {
  value: UsersToolbarValue;
  onChange: (next: Partial<UsersToolbarValue>) => void;
}) {
  const roles = useRoleOptions();
  const sections = useSectionOptions();
  const roleOptions = [
    { value: ALL, label: 'Tous les rôles' },
    ...(roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.nom })),
  ];
  const sectionOptions = [
    { value: ALL, label: 'Toutes les sections' },
    ...(sections.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.nom })),
  ];
  const statusOptions = [
    { value: ALL, label: 'Tous les statuts' },
    { value: 'true', label: USERS_SCREEN.activeOnly },
    { value: 'false', label: USERS_SCREEN.inactiveOnly },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 p-3 sm:p-4 md:flex md:items-center">
      <SearchInput
        className="col-span-2 md:flex-1"
        value={value.search}
        onChange={(search) => onChange({ search })}
        placeholder="Nom ou nom d'utilisateur…"
        aria-label="Rechercher un utilisateur par nom ou nom d'utilisateur"
      />
      <Select
        className="md:w-48"
        aria-label="Filtrer par rôle"
        options={roleOptions}
        value={value.roleId}
        onChange={(roleId) => onChange({ roleId })}
        placeholder="Tous les rôles"
      />
      <Select
        className="md:w-48"
        aria-label="Filtrer par statut"
        options={statusOptions}
        value={value.status}
        onChange={(status) => onChange({ status: status as UsersToolbarValue['status'] })}
        placeholder="Tous les statuts"
      />
      <Select
        className="col-span-2 md:w-56"
        aria-label="Filtrer par section"
        searchable
        options={sectionOptions}
        value={value.sectionId}
        onChange={(sectionId) => onChange({ sectionId })}
        placeholder="Toutes les sections"
      />
    </div>
  );
}
