import { TIMEFRAME_LABELS } from '@gmao/domain/analytics/analytics-schemas';
import { TIMEFRAMES } from '@gmao/domain/dashboard/metrics';
import { inputClass } from '../../../components/ui/form-field';

export function TimeframeSelect({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="analytics-timeframe" className="text-sm font-medium text-slate-700">
        Période
      </label>
      <select
        id="analytics-timeframe"
        className={`${inputClass()} w-auto`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {TIMEFRAMES.map((d) => (
          <option key={d} value={d}>
            {TIMEFRAME_LABELS[d]}
          </option>
        ))}
      </select>
    </div>
  );
}
