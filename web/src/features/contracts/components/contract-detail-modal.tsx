import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  CONTRACT_TYPE_LABELS,
  type Contract,
  type ContractVersion,
  dayFr,
  CONTRACT_LABELS as L,
  CONTRACT_MESSAGES as M,
  PAUSE_CONDITION_LABELS,
  SLA_CIBLE_LABELS,
} from '@gmao/domain/contracts/contract-schemas';
import { formatCurrency, formatDateTime } from '@gmao/domain/format/format';
import { formatFileSize } from '@gmao/domain/interventions/attachment-schemas';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import { COMPANY_MESSAGES } from '@gmao/domain/settings/company-schemas';
import { Download, Pencil, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Modal } from '../../../components/ui/modal';
import { RowAction } from '../../../components/ui/row-action';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { downloadDocument, useContract, useDeleteDocument, useUploadDocument } from '../api/contracts';

const duration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
};

function Terms({ v }: { v: ContractVersion | Contract }) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      {v.garanties.length === 0 ? (
        <p>Aucun délai garanti</p>
      ) : (
        <ul className="list-inside list-disc">
          {v.garanties.map((g) => (
            <li key={`${g.urgence}-${g.cible}`}>
              {SLA_CIBLE_LABELS[g.cible]} ({g.urgence ? L.urgent.toLowerCase() : L.normal.toLowerCase()}) :{' '}
              {duration(g.minutes)} ouvrées
            </li>
          ))}
        </ul>
      )}
      <p>
        {L.pausesTitle} :{' '}
        {v.statuts_pause.length === 0
          ? 'aucun'
          : v.statuts_pause
              .map(
                (p) =>
                  `${STATUT_LABELS[p.statut]}${p.condition === 'TOUJOURS' ? '' : ` (${PAUSE_CONDITION_LABELS[p.condition].toLowerCase()})`}`,
              )
              .join(', ')}
      </p>
    </div>
  );
}

/** A contract's terms, its versions (newest first) and its documents. */
export function ContractDetailModal({
  id,
  onClose,
  onEdit,
}: {
  id: number;
  onClose: () => void;
  onEdit: (c: Contract) => void;
}) {
  const { can } = usePermissions();
  const manages = can(PERMISSIONS.CONTRACTS_MANAGE);
  const query = useContract(id);
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const c = query.data?.data;

  return (
    <Modal open onClose={onClose} title={c ? `Contrat ${c.numero}` : 'Contrat'} size="2xl">
      {query.isError && !c ? (
        <LoadErrorState description={L.loadError} onRetry={() => void query.refetch()} />
      ) : !c ? (
        <p className="text-sm text-slate-500">Chargement…</p>
      ) : (
        <div className="space-y-6">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {(
              [
                ['Client', c.client_nom],
                ['Type', CONTRACT_TYPE_LABELS[c.type]],
                ['Période', `du ${dayFr(c.date_debut)} au ${dayFr(c.date_fin)}`],
                ['Reconduction tacite', c.reconduction_tacite ? 'Oui' : 'Non'],
                [COMPANY_MESSAGES.signatureRequired, c.signature_client_obligatoire ? 'Oui' : 'Non'],
                ['Montant annuel HT', c.montant_annuel_ht === null ? '—' : formatCurrency(c.montant_annuel_ht)],
                ['Calendrier', c.calendrier_nom],
                [
                  'Équipements couverts',
                  c.equipement_ids === null ? L.allEquipment : c.equipements_detail.map((e) => e.nom).join(', '),
                ],
                [
                  'Visites préventives incluses',
                  c.plans_detail.length === 0 ? '—' : c.plans_detail.map((p) => p.nom).join(', '),
                ],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <Terms v={c} />
          {manages && (
            <Button variant="secondary" onClick={() => onEdit(c)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> {L.editContract}
            </Button>
          )}

          <section aria-labelledby="contract-documents" className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <h3 id="contract-documents" className="text-sm font-semibold text-slate-900">
                {L.documentsTitle}
              </h3>
              {manages && (
                <>
                  <input
                    ref={fileInput}
                    type="file"
                    className="sr-only"
                    aria-label={L.addDocument}
                    accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
                    onChange={async (e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (!file) return;
                      try {
                        await upload.mutateAsync({ id: c.id, file });
                        notify.success(M.documentUploaded);
                      } catch {
                        // the API client has shown the server's message
                      }
                    }}
                  />
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={upload.isPending}
                    onClick={() => fileInput.current?.click()}
                  >
                    <Upload className="h-4 w-4" aria-hidden="true" /> {L.addDocument}
                  </Button>
                </>
              )}
            </div>
            {c.documents.length === 0 ? (
              <p className="text-sm text-slate-500">{L.noDocuments}</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {c.documents.map((d) => (
                  <li key={d.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0 truncate">
                      {d.originalName} <span className="text-xs text-slate-500">({formatFileSize(d.sizeBytes)})</span>
                    </span>
                    <span className="flex shrink-0 gap-1">
                      <RowAction
                        label={`Télécharger ${d.originalName}`}
                        icon={Download}
                        onClick={() => void downloadDocument(c.id, d).catch(() => undefined)}
                      />
                      {manages && (
                        <RowAction
                          label={`Supprimer ${d.originalName}`}
                          icon={Trash2}
                          tone="danger"
                          onClick={async () => {
                            try {
                              await remove.mutateAsync({ id: c.id, docId: d.id });
                              notify.success(M.documentDeleted);
                            } catch {
                              // the API client has shown the server's message
                            }
                          }}
                        />
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="contract-versions" className="space-y-2">
            <h3 id="contract-versions" className="text-sm font-semibold text-slate-900">
              {L.versionsTitle}
            </h3>
            <ol className="space-y-3">
              {c.versions.map((v) => (
                <li key={v.id} className="rounded-lg border border-slate-200 p-3">
                  <p className="text-sm font-medium text-slate-900">
                    {L.version(v.version)}{' '}
                    <span className="font-normal text-slate-500">
                      — {formatDateTime(v.valid_from)}
                      {v.creer_par_nom ? `, ${v.creer_par_nom}` : ''}
                    </span>
                  </p>
                  <p className="mb-1 text-xs text-slate-500">
                    {CONTRACT_TYPE_LABELS[v.type]}, du {dayFr(v.date_debut)} au {dayFr(v.date_fin)}, {v.calendrier_nom},{' '}
                    {v.equipement_ids === null ? 'tous les équipements' : L.equipmentCount(v.equipement_ids.length)}
                  </p>
                  <Terms v={v} />
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}
