import { CONSIGNATION_STEP_LABELS, type ConsignationStep } from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { Check } from 'lucide-react';
import type { StepDraft } from './consignation-draft';

const field = 'min-h-11 w-full rounded-md border border-slate-300 px-3 text-base';

/** An instant as a datetime-local field shows it: the device's local time, to the minute. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** A box a thumb can hit: the whole 44-px line is the label. */
function Tick({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled: boolean;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-700">
      <input
        type="checkbox"
        className="h-5 w-5"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/**
 * One step of the consignation (or of the déconsignation): « Fait » marks it done now, then its time, who did it and,
 * for the condamnation, the lock number, for the VAT, the detector tested before and after.
 */
export function ConsignationStepRow({
  etape,
  index,
  step,
  people,
  readOnly,
  withDetails,
  onChange,
  onToggle,
  idPrefix,
}: {
  etape: ConsignationStep;
  index: number;
  step: StepDraft;
  people: TechnicianOption[];
  readOnly: boolean;
  /** The consignation's own fields (lock, detector); the déconsignation has none. */
  withDetails: boolean;
  onChange: (step: StepDraft) => void;
  onToggle: (done: boolean) => void;
  idPrefix: string;
}) {
  const label = CONSIGNATION_STEP_LABELS[etape];
  const id = `${idPrefix}-${etape.toLowerCase()}`;
  return (
    <li
      aria-label={label}
      data-testid={id}
      className={`rounded-lg border p-3 ${step.done ? 'border-green-300 bg-green-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {index + 1}. {label}
        </p>
        <button
          type="button"
          aria-pressed={step.done}
          aria-label={`${step.done ? L.undo : L.done} : ${label}`}
          disabled={readOnly}
          onClick={() => onToggle(!step.done)}
          className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium disabled:opacity-60 ${
            step.done ? 'bg-green-700 text-white' : 'border border-slate-300 bg-white text-slate-700'
          }`}
        >
          {step.done && <Check className="h-4 w-4" aria-hidden="true" />}
          {step.done ? L.done : L.pending}
        </button>
      </div>
      {step.done && (
        <div className="mt-2 space-y-2">
          <div>
            <label htmlFor={`${id}-heure`} className="text-sm font-medium text-slate-700">
              {L.doneAt}
            </label>
            {/* stamped when marked done; corrected when the step is written down afterwards */}
            <input
              id={`${id}-heure`}
              data-testid={`${id}-heure`}
              type="datetime-local"
              className={field}
              value={localInput(step.fait_le)}
              disabled={readOnly}
              onChange={(e) => {
                const t = Date.parse(e.target.value);
                if (!Number.isNaN(t)) onChange({ ...step, fait_le: new Date(t).toISOString() });
              }}
            />
          </div>
          <div>
            <label htmlFor={`${id}-par`} className="text-sm font-medium text-slate-700">
              {L.by}
            </label>
            <select
              id={`${id}-par`}
              className={field}
              value={step.par}
              disabled={readOnly}
              onChange={(e) => onChange({ ...step, par: e.target.value })}
            >
              <option value="">{L.choose}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nom}
                </option>
              ))}
            </select>
          </div>
          {withDetails && etape === 'CONDAMNATION' && (
            <div>
              <label htmlFor={`${id}-cadenas`} className="text-sm font-medium text-slate-700">
                {L.lock}
              </label>
              <input
                id={`${id}-cadenas`}
                className={field}
                value={step.cadenas}
                maxLength={50}
                disabled={readOnly}
                onChange={(e) => onChange({ ...step, cadenas: e.target.value })}
              />
            </div>
          )}
          {withDetails && etape === 'VAT' && (
            <div>
              <Tick
                label={L.detectorBefore}
                checked={step.avant}
                disabled={readOnly}
                onChange={(avant) => onChange({ ...step, avant })}
              />
              <Tick
                label={L.detectorAfter}
                checked={step.apres}
                disabled={readOnly}
                onChange={(apres) => onChange({ ...step, apres })}
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}
