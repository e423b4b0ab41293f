import { formatCurrency, formatNumber } from '@gmao/domain/format/format';
import type { Material } from '@gmao/domain/interventions/material-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { type InterventionFacts, itemFacts } from '@gmao/domain/interventions/policy';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { useNarrowScreen } from '../../../../components/ui/use-narrow-screen';
import { pendingOf, usePendingChanges } from '../../../../lib/offline/pending';
import { useMaterials } from '../../api/get-materials';
import { useDeleteMaterial } from '../../api/mutate-materials';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { MaterialCards } from './material-cards';
import { MaterialForm } from './material-form';

/**
 * Materials used: lines with quantity × unit price, the total in MAD; adding is for who works on the intervention,
 * editing and deleting a line (with confirmation) for its author or a holder of interventions:assign.
 */
export function MaterialsSection({
  interventionId,
  facts,
  readOnly,
  version = 1,
}: {
  interventionId: number;
  facts: InterventionFacts;
  readOnly: boolean;
  /** The intervention's version shown (an offline line's base). */
  version?: number;
}) {
  // Issue 32: lines added on the phone without network, shown until the server has them.
  const queued = pendingOf(usePendingChanges(interventionId), 'material');
  const access = useInterventionAccess();
  const canAdd = access.can('materials', facts) && !readOnly;
  const canChange = (m: Material) => !readOnly && access.can('editOwnedItem', itemFacts(m));
  const query = useMaterials(interventionId);
  const remove = useDeleteMaterial();
  const [editing, setEditing] = useState<Material | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Material | null>(null);
  const data = query.data?.data;
  const narrow = useNarrowScreen();

  const onDelete = async () => {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync({ id: interventionId, mid: deleting.id });
      toastInterventionSuccess(res.message, MATERIAL_MESSAGES.deleted);
      setDeleting(null);
    } catch (err) {
      toastInterventionError(err, MATERIAL_MESSAGES.deleteFailed);
    }
  };

  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Impossible de charger le matériel.
      </p>
    );
  if (!data) return <p className="text-sm text-slate-500">Chargement du matériel...</p>;
  const editable = data.items.some(canChange);
  return (
    <div className="space-y-3">
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun matériel enregistré.</p>
      ) : narrow ? (
        <MaterialCards
          items={data.items}
          total={data.total}
          canChange={canChange}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Matériel utilisé</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Désignation
                </th>
                <th scope="col" className="px-3 py-2">
                  Référence
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Quantité
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Prix unitaire
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
                {editable && (
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((m) => (
                <tr key={m.id}>
                  <td className="px-3 py-2 font-medium text-slate-900">{m.designation}</td>
                  <td className="px-3 py-2 text-slate-600">{m.reference ?? '-'}</td>
                  <td className="px-3 py-2 text-right">{formatNumber(Number(m.quantite))}</td>
                  <td className="px-3 py-2 text-right">{formatCurrency(m.prixUnitaire)}</td>
                  <td className="px-3 py-2 text-right font-medium">{formatCurrency(m.total)}</td>
                  {editable && (
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      {canChange(m) && (
                        <>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Modifier ${m.designation}`}
                            onClick={() => setEditing(m)}
                          >
                            <Pencil className="h-4 w-4" aria-hidden="true" />
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Supprimer ${m.designation}`}
                            onClick={() => setDeleting(m)}
                          >
                            <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                          </Button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot className="bg-slate-50">
              <tr>
                <th scope="row" colSpan={4} className="px-3 py-2 text-right font-semibold text-slate-700">
                  Total matériel
                </th>
                <td className="px-3 py-2 text-right font-semibold text-slate-900" data-testid="materials-total">
                  {formatCurrency(data.total)}
                </td>
                {editable && <td />}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {queued.length > 0 && (
        <div data-testid="pending-materials">
          <p className="text-xs font-semibold uppercase text-slate-500">{OUTBOX_MESSAGES.pendingMaterials}</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-amber-200 bg-amber-50/40">
            {queued.map((c) => {
              const m = c.payload as { designation: string; quantite: string; prixUnitaire: string };
              return (
                <li key={c.clientId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">{m.designation}</span>
                  <span className="text-slate-600">
                    × {formatNumber(Number(m.quantite))} · {formatCurrency(m.prixUnitaire)}
                  </span>
                  <PendingMark refused={c.state === 'conflict'} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {editing !== null ? (
        <MaterialForm
          key={editing === 'new' ? 'new' : editing.id}
          interventionId={interventionId}
          version={version}
          material={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        canAdd && (
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Ajouter du matériel
          </Button>
        )
      )}
      <ConfirmDialog
        open={deleting !== null}
        kind="danger"
        title="Supprimer le matériel"
        message={<>Supprimer la ligne « {deleting?.designation} » ?</>}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
