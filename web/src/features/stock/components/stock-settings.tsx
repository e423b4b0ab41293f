import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { STOCK_SETTINGS_MESSAGES as M } from '@gmao/domain/stock/stock-schemas';
import { CHECKBOX_TAP_AREA } from '../../../components/ui/tap-target';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSaveStockSettings, useStockSettings } from '../api/stock';

/** The stock's settings under the locations: whether an issue may take on-hand below zero (stock:manage changes it). */
export function StockSettingsField() {
  const { can } = usePermissions();
  const settings = useStockSettings();
  const save = useSaveStockSettings();
  const value = settings.data?.data.allow_negative;
  return (
    <div className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <label className={CHECKBOX_TAP_AREA}>
        <input
          type="checkbox"
          aria-describedby="stock-allow-negative-help"
          aria-label={M.allowNegative}
          className="h-4 w-4 rounded border-slate-300"
          checked={value ?? false}
          disabled={value === undefined || save.isPending || !can(PERMISSIONS.STOCK_MANAGE)}
          onChange={async (e) => {
            try {
              await save.mutateAsync({ allow_negative: e.target.checked });
              notify.success(M.saved);
            } catch {
              // the API client has shown the server's message
            }
          }}
        />
      </label>
      <div>
        <p className="font-medium text-slate-800">{M.allowNegative}</p>
        <p id="stock-allow-negative-help" className="text-slate-500">
          {M.allowNegativeHelp}
        </p>
      </div>
    </div>
  );
}
