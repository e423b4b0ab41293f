import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate, formatDateTime, todayIso } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import {
  type QualityControl,
  type QualityControlFormValues,
  qualityControlFormSchema,
  RESULTAT_CONTROLE_LABELS,
  RESULTATS_CONTROLE,
  type ResultatControle,
} from '@gmao/domain/interventions/record-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../../components/ui/badge';
import { FormField, inputClass } from '../../../../components/ui/form-field';
import { useSaveQualityControl } from '../../api/mutate-records';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { RecordFields, RecordFormButtons, RecordView } from './record-view';

/** Statuses at which work can be checked (mirrors the server rule). */
const CONTROLLABLE = ['EN_COURS', 'EN_PAUSE', 'TERMINEE'];

function QualityControlForm({
  id,
  current,
  onDone,
}: {
  id: number;
  current: QualityControl | null;
  onDone: () => void;
}) {
  const mutation = useSaveQualityControl();
  const form = useForm<QualityControlFormValues>({
    resolver: zodResolver(qualityControlFormSchema),
    defaultValues: {
      resultat: current?.resultat ?? '',
      observations: current?.observations ?? '',
      controleLe: current?.controleLe ?? todayIso(),
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const body = { resultat: v.resultat as ResultatControle, observations: v.observations, controleLe: v.controleLe };
      const res = await mutation.mutateAsync({ id, body });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.qualityControl.success);
      onDone();
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.qualityControl.failure);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Formulaire de contrôle qualité" className="space-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Résultat{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="flex gap-4">
          {RESULTATS_CONTROLE.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="radio" value={r} {...form.register('resultat')} /> {RESULTAT_CONTROLE_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.resultat && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.resultat.message}
          </p>
        )}
      </fieldset>
      <FormField label="Contrôlé le" htmlFor="qc-date" required error={errors.controleLe?.message}>
        <input id="qc-date" type="date" max={todayIso()} className={inputClass()} {...form.register('controleLe')} />
      </FormField>
      <FormField label="Observations" htmlFor="qc-observations" error={errors.observations?.message}>
        <textarea id="qc-observations" rows={3} className={inputClass()} {...form.register('observations')} />
      </FormField>
      <RecordFormButtons saving={mutation.isPending} onCancel={onDone} />
    </form>
  );
}

/** Quality control: result (conforme / non conforme), observations, who checked and when. */
export function QualityControlSection({
  intervention,
  controle,
}: {
  intervention: Intervention;
  controle: QualityControl | null;
}) {
  const access = useInterventionAccess();
  const [editing, setEditing] = useState(false);
  if (editing) return <QualityControlForm id={intervention.id} current={controle} onDone={() => setEditing(false)} />;
  const conforme = controle?.resultat === 'CONFORME';
  return (
    <RecordView
      empty={!controle}
      emptyText={
        CONTROLLABLE.includes(intervention.statut)
          ? 'Aucun contrôle qualité.'
          : 'Le contrôle qualité sera possible une fois l’intervention démarrée.'
      }
      editLabel={controle ? 'Modifier le contrôle' : 'Effectuer le contrôle'}
      canEdit={access.can('editRecords', interventionFacts(intervention)) && CONTROLLABLE.includes(intervention.statut)}
      onEdit={() => setEditing(true)}
      footer={controle && `Saisi le ${formatDateTime(controle.updatedAt)}`}
    >
      {controle && (
        <RecordFields
          rows={[
            [
              'Résultat',
              <Badge key="r" tone={conforme ? 'green' : 'red'}>
                {RESULTAT_CONTROLE_LABELS[controle.resultat as ResultatControle] ?? controle.resultat}
              </Badge>,
            ],
            ['Observations', controle.observations],
            ['Contrôlé par', controle.controlePar?.nom ?? '-'],
            ['Contrôlé le', formatDate(controle.controleLe)],
          ]}
        />
      )}
    </RecordView>
  );
}
