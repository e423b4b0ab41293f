import { formatDate, formatDateTime, formatPhone } from '@gmao/domain/format/format';
import {
  type InterventionRequest,
  REQUEST_MESSAGES as M,
  REQUEST_STATUT_LABELS,
  REQUEST_UI as U,
} from '@gmao/domain/requests/request-schemas';
import { Check, GitMerge, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { interventionPath } from '../../../lib/paths';
import { notify } from '../../../lib/toast';
import {
  useAcceptRequest,
  useDeclineRequest,
  useMergeRequest,
  useOpenInterventions,
  useRequestPhoto,
} from '../api/requests';
import { STATUT_TONES } from './statut-tones';

function Photo({ requestId, photoId, name }: { requestId: number; photoId: number; name: string }) {
  const url = useRequestPhoto(requestId, photoId);
  return url.data ? (
    <a href={url.data} target="_blank" rel="noreferrer" className="block">
      <img src={url.data} alt={name} className="h-28 w-28 rounded border border-slate-200 object-cover" />
    </a>
  ) : (
    <div className="h-28 w-28 animate-pulse rounded bg-slate-100" />
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

type Dialog = 'accept' | 'merge' | 'decline' | null;

/** One request: who, what, photos; a new one is accepted, merged into an open intervention, or declined. */
export function RequestDetailModal({ request: r, onClose }: { request: InterventionRequest; onClose: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [motif, setMotif] = useState('');
  const [motifError, setMotifError] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [mergeError, setMergeError] = useState<string | null>(null);
  const accept = useAcceptRequest();
  const merge = useMergeRequest();
  const decline = useDeclineRequest();
  const open = useOpenInterventions(r.equipement.id, dialog === 'merge');
  const isNew = r.statut === 'NOUVELLE';

  const done = (message: string | undefined) => {
    notify.success(message ?? '');
    setDialog(null);
  };

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={U.detailTitle(r.id)}
        size="lg"
        fill
        footer={
          isNew ? (
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setDialog('decline')}>
                <X className="h-4 w-4" aria-hidden="true" /> {U.decline}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('merge')}>
                <GitMerge className="h-4 w-4" aria-hidden="true" /> {U.merge}
              </Button>
              <Button onClick={() => setDialog('accept')}>
                <Check className="h-4 w-4" aria-hidden="true" /> {U.accept}
              </Button>
            </div>
          ) : undefined
        }
      >
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUT_TONES[r.statut]}>{REQUEST_STATUT_LABELS[r.statut]}</Badge>
            <Badge tone="gray">{U.sourceLabels[r.source]}</Badge>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Row label={U.equipment}>{r.equipement.nom}</Row>
            <Row label={U.client}>{r.client.nom_entreprise}</Row>
            <Row label={U.requester}>
              {r.nom} — {formatPhone(r.telephone)}
              {r.email && <span className="block text-slate-600">{r.email}</span>}
            </Row>
            <Row label={U.receivedAt}>{formatDateTime(r.created_at)}</Row>
          </dl>
          <dl>
            <Row label="Description">
              <p className="whitespace-pre-wrap">{r.description}</p>
            </Row>
          </dl>
          <div>
            <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{U.photos}</h3>
            {r.photos.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">{U.noPhoto}</p>
            ) : (
              <div className="mt-2 flex flex-wrap gap-2">
                {r.photos.map((p) => (
                  <Photo key={p.id} requestId={r.id} photoId={p.id} name={p.filename} />
                ))}
              </div>
            )}
          </div>
          {!isNew && (
            <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-medium">{U.decision}</p>
              <p>
                {REQUEST_STATUT_LABELS[r.statut]}
                {r.decided_by && ` par ${r.decided_by.nom}`}
                {r.decided_at && ` le ${formatDateTime(r.decided_at)}`}
              </p>
              {r.motif && <p className="mt-1">Motif : {r.motif}</p>}
              {r.intervention_id && (
                <Link to={interventionPath(r.intervention_id)} className="mt-1 inline-block text-blue-700 underline">
                  {U.openIntervention(r.intervention_id)}
                </Link>
              )}
            </div>
          )}
        </div>
      </Modal>

      <ConfirmDialog
        open={dialog === 'accept'}
        kind="success"
        title={U.acceptTitle}
        message={U.acceptMessage}
        confirmLabel={U.accept}
        loading={accept.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          try {
            done((await accept.mutateAsync(r.id)).message);
          } catch {
            // the API client has shown the server's message
          }
        }}
      />

      <ConfirmDialog
        open={dialog === 'merge'}
        kind="info"
        title={U.mergeTitle}
        confirmLabel={U.merge}
        loading={merge.isPending}
        onCancel={() => setDialog(null)}
        message={
          <FormField label={U.mergeChoose} htmlFor="merge-target" error={mergeError}>
            {open.data && open.data.data.length === 0 ? (
              <p className="text-sm text-slate-600">{U.mergeNone}</p>
            ) : (
              <Select
                id="merge-target"
                value={target}
                onChange={(v) => {
                  setTarget(v);
                  setMergeError(null);
                }}
                invalid={!!mergeError}
                placeholder={U.mergeChoose}
                options={(open.data?.data ?? []).map((i) => ({
                  value: String(i.id),
                  label: `#${i.id} — ${formatDate(i.date)} — ${(i.description ?? '').slice(0, 60)}`,
                }))}
              />
            )}
          </FormField>
        }
        onConfirm={async () => {
          if (!target) {
            setMergeError(U.mergeChooseRequired);
            return;
          }
          try {
            done((await merge.mutateAsync({ id: r.id, interventionId: Number(target) })).message);
          } catch {
            // the API client has shown the server's message
          }
        }}
      />

      <ConfirmDialog
        open={dialog === 'decline'}
        kind="danger"
        title={U.declineTitle}
        confirmLabel={U.decline}
        loading={decline.isPending}
        onCancel={() => setDialog(null)}
        message={
          <FormField label={U.motifLabel} htmlFor="decline-motif" required error={motifError}>
            <textarea
              id="decline-motif"
              rows={3}
              maxLength={500}
              value={motif}
              onChange={(e) => setMotif(e.target.value)}
              className={inputClass(!!motifError)}
              {...fieldAria('decline-motif', motifError)}
            />
          </FormField>
        }
        onConfirm={async () => {
          if (!motif.trim()) {
            setMotifError(M.motifRequired);
            return;
          }
          setMotifError(null);
          try {
            done((await decline.mutateAsync({ id: r.id, motif })).message);
            setMotif('');
          } catch (err) {
            setMotifError(err instanceof ApiError ? err.message : M.motifRequired);
          }
        }}
      />
    </>
  );
}
