import {
  CONTRACT_PORTAL_PRICES_LABEL,
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  type Contract,
  type ContractType,
  contractInputSchema,
  DEFAULT_PAUSE_RULES,
  CONTRACT_LABELS as L,
  CONTRACT_MESSAGES as M,
  PAUSE_CONDITION_LABELS,
  type PauseRule,
  SLA_CIBLE_LABELS,
  SLA_CIBLES,
  type SlaCible,
} from '@gmao/domain/contracts/contract-schemas';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import { COMPANY_MESSAGES } from '@gmao/domain/settings/company-schemas';
import { useState } from 'react';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCalendars, useClientAssets, useClientChoices, useSaveContract } from '../api/contracts';

/** The pause rules the form offers (the defaults first). */
const PAUSE_OPTIONS: PauseRule[] = [
  ...DEFAULT_PAUSE_RULES,
  { statut: 'EN_ATTENTE_PDR', condition: 'TOUJOURS' },
  { statut: 'EN_PAUSE', condition: 'TOUJOURS' },
];
const pauseKey = (r: PauseRule) => `${r.statut}:${r.condition}`;
const pauseLabel = (r: PauseRule) =>
  `${STATUT_LABELS[r.statut]}${r.condition === 'TOUJOURS' ? '' : ` — ${PAUSE_CONDITION_LABELS[r.condition]}`}`;

type GuaranteeCell = { h: string; m: string };
const cellKey = (urgence: boolean, cible: SlaCible) => `${urgence ? 'U' : 'N'}:${cible}`;
const today = () => new Date().toISOString().slice(0, 10);
const inOneYear = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

function initialCells(contract: Contract | null): Record<string, GuaranteeCell> {
  const cells: Record<string, GuaranteeCell> = {};
  for (const g of contract?.garanties ?? []) {
    cells[cellKey(g.urgence, g.cible)] = { h: String(Math.floor(g.minutes / 60)), m: String(g.minutes % 60) };
  }
  return cells;
}

/**
 * Create or edit a contract (contracts:manage). Checked by the API's own schema before sending; the server's refusal
 * (overlap with another contract, another client's equipment…) shows in the alert at the top and on its field.
 * Saving an existing contract writes a new version.
 */
export function ContractFormModal({ contract, onClose }: { contract: Contract | null; onClose: () => void }) {
  const save = useSaveContract();
  const clients = useClientChoices();
  const calendars = useCalendars();
  const [clientId, setClientId] = useState(contract ? String(contract.client_id) : '');
  const assets = useClientAssets(clientId ? Number(clientId) : null);
  const [numero, setNumero] = useState(contract?.numero ?? '');
  const [type, setType] = useState<ContractType>(contract?.type ?? 'COMPLET');
  const [dateDebut, setDateDebut] = useState(contract?.date_debut ?? today());
  const [dateFin, setDateFin] = useState(contract?.date_fin ?? inOneYear());
  const [tacite, setTacite] = useState(contract?.reconduction_tacite ?? true);
  const [signature, setSignature] = useState(contract?.signature_client_obligatoire ?? false);
  const [prixPortail, setPrixPortail] = useState(contract?.prix_portail ?? false);
  const [allEquipment, setAllEquipment] = useState(contract ? contract.equipement_ids === null : true);
  const [equipmentIds, setEquipmentIds] = useState<number[]>(contract?.equipement_ids ?? []);
  const [planIds, setPlanIds] = useState<number[]>(contract?.plan_ids ?? []);
  const [montant, setMontant] = useState(contract?.montant_annuel_ht ?? '');
  const [calendrierId, setCalendrierId] = useState(contract ? String(contract.calendrier_id) : '');
  const [cells, setCells] = useState(() => initialCells(contract));
  const [pauses, setPauses] = useState<string[]>(() => (contract?.statuts_pause ?? DEFAULT_PAUSE_RULES).map(pauseKey));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const setCell = (key: string, patch: Partial<GuaranteeCell>) =>
    setCells((c) => ({ ...c, [key]: { h: '', m: '', ...c[key], ...patch } }));

  const body = () => ({
    client_id: clientId ? Number(clientId) : undefined,
    numero,
    type,
    date_debut: dateDebut,
    date_fin: dateFin,
    reconduction_tacite: tacite,
    signature_client_obligatoire: signature,
    prix_portail: prixPortail,
    equipement_ids: allEquipment ? null : equipmentIds,
    plan_ids: planIds,
    calendrier_id: calendrierId ? Number(calendrierId) : undefined,
    montant_annuel_ht: montant.trim() === '' ? null : montant.trim(),
    garanties: [true, false].flatMap((urgence) =>
      SLA_CIBLES.flatMap((cible) => {
        const c = cells[cellKey(urgence, cible)];
        if (!c || (c.h.trim() === '' && c.m.trim() === '')) return [];
        return [{ urgence, cible, minutes: Number(c.h || 0) * 60 + Number(c.m || 0) }];
      }),
    ),
    statuts_pause: PAUSE_OPTIONS.filter((r) => pauses.includes(pauseKey(r))),
  });

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = contractInputSchema.safeParse(body());
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        byField[field] ??=
          field === 'client_id' ? M.clientRequired : field === 'calendrier_id' ? M.calendarRequired : issue.message;
      }
      setFieldErrors(byField);
      setError(Object.values(byField)[0] ?? null);
      return;
    }
    setError(null);
    setFieldErrors({});
    try {
      const res = await save.mutateAsync({ id: contract?.id ?? null, input: parsed.data });
      notify.success(res.message ?? M.created);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      setError(err.serverMessage ?? err.message);
      setFieldErrors(Object.fromEntries(err.details.map((d) => [d.field ?? '', d.msg ?? d.message ?? ''])));
    }
  };

  const errorOf = (field: string) => fieldErrors[field];

  return (
    <FormModal
      open
      onClose={onClose}
      title={contract ? `${L.editContract} ${contract.numero}` : L.newContract}
      size="2xl"
      formId="contract-form"
      saving={save.isPending}
      submitLabel={contract ? 'Enregistrer (nouvelle version)' : 'Créer le contrat'}
    >
      <form id="contract-form" onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4 sm:grid-cols-2">
        {error && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2"
          >
            {error}
          </p>
        )}
        <FormField label="Client" htmlFor="contract-client" required error={errorOf('client_id')}>
          <Select
            id="contract-client"
            searchable
            placeholder={clients.isPending ? 'Chargement…' : 'Choisir un client'}
            value={clientId}
            onChange={(v) => {
              setClientId(v);
              setEquipmentIds([]);
              setPlanIds([]);
            }}
            options={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
            invalid={!!errorOf('client_id')}
          />
        </FormField>
        <FormField label="Numéro du contrat" htmlFor="contract-numero" required error={errorOf('numero')}>
          <input
            id="contract-numero"
            className={inputClass(!!errorOf('numero'))}
            value={numero}
            onChange={(e) => setNumero(e.target.value)}
          />
        </FormField>
        <FormField label="Type" htmlFor="contract-type" required>
          <select
            id="contract-type"
            className={inputClass()}
            value={type}
            onChange={(e) => setType(e.target.value as ContractType)}
          >
            {CONTRACT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONTRACT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={L.amount} htmlFor="contract-montant" error={errorOf('montant_annuel_ht')}>
          <input
            id="contract-montant"
            inputMode="decimal"
            className={inputClass(!!errorOf('montant_annuel_ht'))}
            value={montant}
            onChange={(e) => setMontant(e.target.value)}
          />
        </FormField>
        <FormField label="Date de début" htmlFor="contract-debut" required error={errorOf('date_debut')}>
          <input
            id="contract-debut"
            type="date"
            className={inputClass(!!errorOf('date_debut'))}
            value={dateDebut}
            onChange={(e) => setDateDebut(e.target.value)}
          />
        </FormField>
        <FormField label="Date de fin" htmlFor="contract-fin" required error={errorOf('date_fin')}>
          <input
            id="contract-fin"
            type="date"
            className={inputClass(!!errorOf('date_fin'))}
            value={dateFin}
            onChange={(e) => setDateFin(e.target.value)}
          />
        </FormField>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input type="checkbox" className="h-5 w-5" checked={tacite} onChange={(e) => setTacite(e.target.checked)} />
          Reconduction tacite
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={signature}
            onChange={(e) => setSignature(e.target.checked)}
          />
          {COMPANY_MESSAGES.signatureRequired}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={prixPortail}
            onChange={(e) => setPrixPortail(e.target.checked)}
          />
          {CONTRACT_PORTAL_PRICES_LABEL}
        </label>
        <FormField label="Calendrier ouvré" htmlFor="contract-calendrier" required error={errorOf('calendrier_id')}>
          <Select
            id="contract-calendrier"
            placeholder={calendars.isPending ? 'Chargement…' : 'Choisir un calendrier'}
            value={calendrierId}
            onChange={setCalendrierId}
            options={(calendars.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.nom }))}
            invalid={!!errorOf('calendrier_id')}
          />
        </FormField>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Équipements couverts</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="contract-coverage"
                className="h-5 w-5"
                checked={allEquipment}
                onChange={() => setAllEquipment(true)}
              />
              {L.allEquipment}
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="contract-coverage"
                className="h-5 w-5"
                checked={!allEquipment}
                onChange={() => setAllEquipment(false)}
              />
              {L.pickedEquipment}
            </label>
          </div>
          {!allEquipment && (
            <div className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
              {!clientId && <p className="text-sm text-slate-500">Choisissez d'abord le client.</p>}
              {(assets.equipment.data ?? []).map((e) => (
                <label key={e.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={equipmentIds.includes(e.id)}
                    onChange={() => setEquipmentIds((l) => toggle(l, e.id))}
                  />
                  {e.label}
                </label>
              ))}
            </div>
          )}
          {errorOf('equipement_ids') && <p className="mt-1 text-sm text-red-600">{errorOf('equipement_ids')}</p>}
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{L.plansTitle}</legend>
          {clientId && assets.plans.data?.length === 0 && <p className="text-sm text-slate-500">{L.noPlans}</p>}
          <div className="flex flex-wrap gap-x-4">
            {(assets.plans.data ?? []).map((p) => (
              <label key={p.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={planIds.includes(p.id)}
                  onChange={() => setPlanIds((l) => toggle(l, p.id))}
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="min-w-0 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{L.guaranteesTitle}</legend>
          <p className="mb-2 text-xs text-slate-500">{L.noGuarantee}</p>
          <div className="overflow-x-auto">
            <table className="text-sm">
              <thead>
                <tr>
                  <th scope="col" className="sr-only">
                    Urgence
                  </th>
                  {SLA_CIBLES.map((c) => (
                    <th key={c} scope="col" className="px-2 pb-1 text-left font-medium text-slate-600">
                      {SLA_CIBLE_LABELS[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[true, false].map((urgence) => (
                  <tr key={String(urgence)}>
                    <th scope="row" className="pr-2 text-left font-medium text-slate-600">
                      {urgence ? L.urgent : L.normal}
                    </th>
                    {SLA_CIBLES.map((cible) => {
                      const key = cellKey(urgence, cible);
                      const cell = cells[key] ?? { h: '', m: '' };
                      return (
                        <td key={cible} className="px-2 py-1">
                          <span className="flex items-center gap-1 whitespace-nowrap">
                            <input
                              type="number"
                              min={0}
                              inputMode="numeric"
                              aria-label={L.guaranteeField(urgence, SLA_CIBLE_LABELS[cible], 'heures')}
                              className={`${inputClass()} w-20`}
                              value={cell.h}
                              onChange={(e) => setCell(key, { h: e.target.value })}
                            />
                            {L.hours}
                            <input
                              type="number"
                              min={0}
                              max={59}
                              inputMode="numeric"
                              aria-label={L.guaranteeField(urgence, SLA_CIBLE_LABELS[cible], 'minutes')}
                              className={`${inputClass()} w-20`}
                              value={cell.m}
                              onChange={(e) => setCell(key, { m: e.target.value })}
                            />
                            {L.minutes}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {errorOf('garanties') && <p className="mt-1 text-sm text-red-600">{errorOf('garanties')}</p>}
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{L.pausesTitle}</legend>
          <div className="flex flex-col">
            {PAUSE_OPTIONS.map((r) => (
              <label key={pauseKey(r)} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={pauses.includes(pauseKey(r))}
                  onChange={() =>
                    setPauses((l) =>
                      l.includes(pauseKey(r)) ? l.filter((k) => k !== pauseKey(r)) : [...l, pauseKey(r)],
                    )
                  }
                />
                {pauseLabel(r)}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </FormModal>
  );
}
