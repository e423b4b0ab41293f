import { ACTION_LABELS, MODULE_LABELS, type PermissionRow } from '@gmao/domain/roles/role-schemas';
import { CHECKBOX_TAP_AREA } from '../../../components/ui/tap-target';

/** The module column stays in view while a phone scrolls the action columns sideways. */
const stickyCell = 'sticky left-0 z-10 px-3 py-2 shadow-[1px_0_0_0_var(--color-slate-200)]';

/** Modules × actions grid of checkboxes; each permission's description is its tooltip. */
export function PermissionMatrix({
  permissions,
  value,
  onChange,
  disabled = false,
}: {
  permissions: PermissionRow[];
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const modules = [...new Set(permissions.map((p) => p.module))];
  const actions = [...new Set(permissions.map((p) => p.action))];
  const byName = new Map(permissions.map((p) => [p.name, p]));
  const selected = new Set(value);
  const toggle = (name: string, on: boolean) => onChange(on ? [...value, name] : value.filter((p) => p !== name));
  const toggleModule = (module: string, on: boolean) => {
    const names = permissions.filter((p) => p.module === module).map((p) => p.name);
    onChange(on ? [...new Set([...value, ...names])] : value.filter((p) => !names.includes(p)));
  };

  return (
    <div className="overflow-x-auto overscroll-x-contain rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Matrice des permissions</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${stickyCell} bg-slate-50 text-left font-semibold text-slate-600`}>
              Module
            </th>
            {actions.map((a) => (
              <th
                key={a}
                scope="col"
                className="px-2 py-2 text-center text-xs font-semibold text-slate-600 sm:px-3 sm:text-sm"
              >
                {ACTION_LABELS[a] ?? a}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-center text-xs font-semibold text-slate-600 sm:px-3 sm:text-sm">
              Tout
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {modules.map((m) => {
            const moduleLabel = MODULE_LABELS[m] ?? m;
            const names = permissions.filter((p) => p.module === m).map((p) => p.name);
            const all = names.every((n) => selected.has(n));
            return (
              <tr key={m}>
                <th scope="row" className={`${stickyCell} bg-white text-left font-medium text-slate-800`}>
                  {moduleLabel}
                </th>
                {actions.map((a) => {
                  const p = byName.get(`${m}:${a}`);
                  return (
                    <td key={a} className="px-2 py-2 text-center sm:px-3">
                      {p && (
                        <label className={CHECKBOX_TAP_AREA}>
                          <input
                            type="checkbox"
                            className="h-5 w-5 rounded border-slate-300 sm:h-4 sm:w-4"
                            aria-label={`${moduleLabel} : ${ACTION_LABELS[a] ?? a}`}
                            title={p.description ?? p.name}
                            checked={selected.has(p.name)}
                            disabled={disabled}
                            onChange={(e) => toggle(p.name, e.target.checked)}
                          />
                        </label>
                      )}
                    </td>
                  );
                })}
                <td className="px-2 py-2 text-center sm:px-3">
                  <label className={CHECKBOX_TAP_AREA}>
                    <input
                      type="checkbox"
                      className="h-5 w-5 rounded border-slate-300 sm:h-4 sm:w-4"
                      aria-label={`${moduleLabel} : toutes les permissions`}
                      checked={all}
                      disabled={disabled}
                      onChange={(e) => toggleModule(m, e.target.checked)}
                    />
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
