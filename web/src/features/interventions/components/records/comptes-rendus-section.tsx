import { formatDateTime } from '@gmao/domain/format/format';
import type { CompteRendu, CompteRenduInput } from '@gmao/domain/interventions/compte-rendu-schemas';
import { type InterventionFacts, itemFacts } from '@gmao/domain/interventions/policy';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { useComptesRendus, useSaveCompteRendu } from '../../api/comptes-rendus';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { CompteRenduForm } from './compte-rendu-form';

/**
 * 'Comptes rendus': written reports of the intervention, by who works on it; the author or a holder of
 * interventions:assign may edit one.
 */
export function ComptesRendusSection({ interventionId, facts }: { interventionId: number; facts: InterventionFacts }) {
  const access = useInterventionAccess();
  const query = useComptesRendus(interventionId);
  const save = useSaveCompteRendu();
  const [editing, setEditing] = useState<number | null>(null);
  const writable = access.can('writeReport', facts);
  const mine = (r: CompteRendu) => access.can('editOwnedItem', itemFacts(r));

  const onSave = async (input: CompteRenduInput, reportId?: number) => {
    try {
      const res = await save.mutateAsync({ id: interventionId, reportId, ...input });
      toastInterventionSuccess(res.message, reportId ? 'Compte rendu modifié' : 'Compte rendu ajouté');
      setEditing(null);
      return true;
    } catch (err) {
      toastInterventionError(err, "Impossible d'enregistrer le compte rendu");
      return false;
    }
  };

  const reports = query.data?.data ?? [];
  return (
    <div className="space-y-3 text-sm">
      {query.isLoading ? (
        <p className="text-slate-500">Chargement...</p>
      ) : reports.length === 0 ? (
        <p className="text-slate-500">Aucun compte rendu</p>
      ) : (
        <ul className="space-y-3">
          {reports.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-3">
              {editing === r.id ? (
                <CompteRenduForm
                  idPrefix={`cr-${r.id}`}
                  initial={{ titre: r.titre, contenu: r.contenu }}
                  saving={save.isPending}
                  submitLabel="Enregistrer"
                  onSave={(input) => onSave(input, r.id)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <article aria-label={r.titre}>
                  <div className="flex items-start justify-between gap-2">
                    <h4 className="font-semibold text-slate-800">{r.titre}</h4>
                    {mine(r) && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing(r.id)}
                        aria-label={`Modifier ${r.titre}`}
                      >
                        Modifier
                      </Button>
                    )}
                  </div>
                  <p className="text-xs text-slate-500">
                    {r.auteur?.nom ?? '-'} — {formatDateTime(r.createdAt)}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-700">{r.contenu}</p>
                </article>
              )}
            </li>
          ))}
        </ul>
      )}
      {writable && editing === null && (
        <CompteRenduForm
          idPrefix="cr-new"
          saving={save.isPending}
          submitLabel="Ajouter le compte rendu"
          onSave={(i) => onSave(i)}
        />
      )}
    </div>
  );
}
