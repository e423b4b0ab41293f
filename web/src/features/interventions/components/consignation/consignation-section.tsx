import { formatDateTime } from '@gmao/domain/format/format';
import {
  CONSIGNATION_STEPS,
  type Consignation,
  type ConsignationInput,
  type ConsignationStep,
  consignationInputSchema,
  CONSIGNATION_MESSAGES as M,
} from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { ApiError, downloadFile } from '../../../../lib/api-client';
import { pendingOf, sendOrQueue, useOutboxUserId, usePendingChanges } from '../../../../lib/offline/pending';
import { consignationPdfPath, useConsignation, useSaveConsignation } from '../../api/consignation';
import { useTechnicians } from '../../api/get-technicians';
import { useInterventionAccess } from '../use-intervention-access';
import {
  type ConsignationDraft,
  draftOf,
  draftOfInput,
  inputOf,
  type StepDraft,
  signedOf,
  toggleStep,
} from './consignation-draft';
import { ConsignationSignatures, type SignatureImages } from './consignation-signatures';
import { ConsignationStepRow } from './consignation-step-row';

const select = 'min-h-11 w-full rounded-md border border-slate-300 px-3 text-base';
type Result = { ok: boolean; text: string };
const NO_IMAGES: SignatureImages = { cc: null, ct: null };

/** The server's French message of a refusal (order, detector, signer's habilitation), else the generic one. */
const refusal = (err: unknown) =>
  err instanceof ApiError && err.status !== 0 && err.serverMessage ? err.serverMessage : L.failed;

/**
 * Issue 34: the consignation of an intervention on a de-energised installation — the chargés, the five steps in order
 * (time, who, lock number, detector tests), the attestation signed by both chargés and printable, then the
 * déconsignation in reverse order. Saving says what it does and answers in French: the record saved, or the server's
 * refusal as it says it. Offline, the record goes to the outbox (the sync route's `consignation` change) and is shown
 * as kept on the phone, « en attente », so the attestation can be signed and the work started without network.
 */
export function ConsignationSection({ intervention }: { intervention: Intervention }) {
  const id = intervention.id;
  const access = useInterventionAccess();
  const editable = access.can('edit', interventionFacts(intervention)) && intervention.statut !== 'ANNULEE';
  const query = useConsignation(id);
  const people = useTechnicians(true, id).data?.data ?? [];
  const save = useSaveConsignation();
  const record: Consignation | null = query.data?.data ?? null;
  const userId = useOutboxUserId();
  const kept = pendingOf(usePendingChanges(id), 'consignation').filter((c) => c.state === 'pending');
  const queued = (kept.at(-1)?.payload as ConsignationInput | undefined) ?? null;
  const [draft, setDraft] = useState<ConsignationDraft | null>(null);
  const [images, setImages] = useState<SignatureImages>(NO_IMAGES);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'save' | 'sign' | null>(null);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (loaded && draft === null) setDraft(queued ? draftOfInput(queued) : draftOf(record, access.userId));
  }, [loaded, draft, record, queued, access.userId]);

  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {L.loadFailed}
      </p>
    );
  if (!draft) return <p className="text-sm text-slate-500">Chargement de la consignation...</p>;

  const signed = signedOf(record, queued);
  const stepsDone = queued ? queued.etapes.length : (record?.etapes.length ?? 0);
  const attested = record?.attestee_le != null || (queued !== null && stepsDone === 5 && signed.cc && signed.ct);
  const released = record?.deconsignee_le != null || queued?.deconsignation.length === 5;
  const nameOf = (v: string) => people.find((p) => String(p.id) === v)?.nom ?? L.none;

  const submit = async (kind: 'save' | 'sign') => {
    setBusy(kind);
    setResult(null);
    try {
      const body = inputOf(draft, signed, kind === 'sign' ? images : NO_IMAGES);
      // Offline, the same schema as the server's says now what the server would say at the sync.
      const checked = navigator.onLine ? null : consignationInputSchema.safeParse(body);
      if (checked && !checked.success) {
        setResult({ ok: false, text: checked.error.issues[0]?.message ?? L.failed });
        return;
      }
      const out = await sendOrQueue(
        { userId, interventionId: id, type: 'consignation', payload: body, baseVersion: intervention.version },
        () => save.mutateAsync({ id, body }),
      );
      if (kind === 'sign') setImages(NO_IMAGES);
      if (out.queued) {
        setResult({ ok: true, text: OUTBOX_MESSAGES.queued });
        return;
      }
      setDraft(draftOf(out.result.data, access.userId));
      setResult({ ok: true, text: out.result.message || M.saved });
    } catch (err) {
      setResult({ ok: false, text: refusal(err) });
    } finally {
      setBusy(null);
    }
  };
  const setStep = (list: 'etapes' | 'deconsignation', etape: ConsignationStep, step: StepDraft) =>
    setDraft((d) => (d ? { ...d, [list]: { ...d[list], [etape]: step } } : d));
  const rows = (list: 'etapes' | 'deconsignation', readOnly: boolean) => {
    const order = list === 'etapes' ? CONSIGNATION_STEPS : [...CONSIGNATION_STEPS].reverse();
    return (
      <ol className="space-y-2">
        {order.map((etape, index) => (
          <ConsignationStepRow
            key={etape}
            etape={etape}
            index={index}
            step={draft[list][etape]}
            people={people}
            readOnly={readOnly}
            withDetails={list === 'etapes'}
            idPrefix={list === 'etapes' ? 'consignation' : 'deconsignation'}
            onChange={(step) => setStep(list, etape, step)}
            onToggle={(done) => setStep(list, etape, toggleStep(draft[list][etape], done, draft.cc))}
          />
        ))}
      </ol>
    );
  };

  return (
    <div className="space-y-4" data-testid="consignation">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900" data-testid="consignation-numero">
          {record ? L.numero(record.numero) : L.notNumbered}
          {queued && <PendingMark />}
        </p>
        {attested && record?.attestee_le && (
          <Button
            variant="secondary"
            className="min-h-11"
            onClick={() => void downloadFile(consignationPdfPath(id), L.pdfFile(record.numero)).catch(() => {})}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> {L.pdf}
          </Button>
        )}
      </div>
      {!attested && <p className="text-sm text-amber-800">{L.required}</p>}
      {attested && record?.attestee_le && (
        <p className="text-sm font-medium text-green-800">{L.attested(formatDateTime(record.attestee_le))}</p>
      )}
      {attested && !record?.attestee_le && <p className="text-sm font-medium text-amber-900">{L.attestedOnPhone}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {(['cc', 'ct'] as const).map((who) => (
          <div key={who}>
            <label htmlFor={`consignation-${who}`} className="text-sm font-medium text-slate-700">
              {who === 'cc' ? L.chargeConsignation : L.chargeTravaux}
            </label>
            <select
              id={`consignation-${who}`}
              className={select}
              value={draft[who]}
              disabled={!editable || attested}
              onChange={(e) => setDraft({ ...draft, [who]: e.target.value })}
            >
              <option value="">{L.choose}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nom}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <h4 className="text-sm font-semibold text-slate-700">{L.steps}</h4>
      {rows('etapes', !editable || attested)}
      {/* the five steps done (saved or not): signing sends them with both signatures */}
      {editable && !attested && CONSIGNATION_STEPS.every((e) => draft.etapes[e].done) && (
        <ConsignationSignatures
          images={images}
          onChange={setImages}
          onSign={() => void submit('sign')}
          signing={busy === 'sign'}
          names={{ cc: nameOf(draft.cc), ct: nameOf(draft.ct) }}
        />
      )}
      {attested && (
        <>
          <h4 className="text-sm font-semibold text-slate-700">{L.deconsignation}</h4>
          {rows('deconsignation', !editable || released)}
          {released && record?.deconsignee_le && (
            <p className="text-sm font-medium text-green-800">{L.released(formatDateTime(record.deconsignee_le))}</p>
          )}
        </>
      )}
      {editable && !(attested && released) && (
        <Button className="min-h-11 w-full sm:w-auto" loading={busy === 'save'} onClick={() => void submit('save')}>
          {busy === 'save' ? L.saving : attested ? L.saveDeconsignation : L.save}
        </Button>
      )}
      {busy === 'sign' && (
        <p role="status" className="text-sm text-slate-600">
          {L.saving}
        </p>
      )}
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          data-testid="consignation-result"
          className={`rounded-md p-2 text-sm ${result.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
        >
          {result.text}
        </p>
      )}
    </div>
  );
}
