import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatDate, formatNumber } from '@gmao/domain/format/format';
import { describePlanTriggers, PLAN_LABELS } from '@gmao/domain/plans/plan-form';
import {
  COMPLIANCE_TOLERANCE_DAYS,
  complianceFileName,
  PLAN_MESSAGES,
  type Plan,
} from '@gmao/domain/plans/plan-schemas';
import { Download, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { RowAction } from '../../../components/ui/row-action';
import { downloadFile } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCompliance, useDeletePlan, useGeneratePlan, usePlans } from '../api/plans';
import { PlanFormModal } from './plan-form-modal';

const columns: DataTableColumn<Plan>[] = [
  { key: 'nom', header: 'Plan', render: (p) => <span className="font-medium text-slate-900">{p.nom}</span> },
  {
    key: 'cible',
    header: 'Cible',
    render: (p) =>
      p.equipement_id !== null ? (
        <span>
          {p.equipement_nom}
          <span className="block text-xs text-slate-500">{p.nom_entreprise}</span>
        </span>
      ) : (
        <span>
          {`Tous : ${equipmentTypeLabel(p.type_equipement)}`}
          <span className="block text-xs text-slate-500">
            {p.nom_entreprise} · {formatNumber(p.equipements)} équipement(s)
          </span>
        </span>
      ),
  },
  { key: 'rrule', header: 'Récurrence', render: (p) => describePlanTriggers(p) },
  {
    key: 'next',
    header: 'Prochaine échéance',
    className: 'whitespace-nowrap',
    render: (p) => (p.prochaine_echeance ? formatDate(p.prochaine_echeance) : '—'),
  },
  { key: 'tech', header: 'Technicien', render: (p) => p.technicien_nom ?? 'Non assigné' },
  {
    key: 'actif',
    header: 'État',
    render: (p) => (p.actif ? <Badge tone="green">Actif</Badge> : <Badge>En pause</Badge>),
  },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last twelve months' compliance: what a contractor shows its clients. */
function ComplianceCard() {
  const to = isoDay(new Date());
  const from = isoDay(new Date(Date.now() - 365 * 86_400_000));
  const compliance = useCompliance(from, to);
  const [exporting, setExporting] = useState(false);
  const t = compliance.data?.data.total;
  return (
    <section
      aria-label="Conformité"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_3fr]"
    >
      <div>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-slate-600">12 derniers mois</h2>
          <Button
            variant="secondary"
            size="sm"
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                await downloadFile('/plans/compliance.csv', complianceFileName({ from, to }), { from, to });
              } catch {
                // the API client has shown the server's message
              } finally {
                setExporting(false);
              }
            }}
          >
            {!exporting && <Download className="h-4 w-4" aria-hidden="true" />} {PLAN_LABELS.exportCompliance}
          </Button>
        </div>
        <p className="mt-1 text-xl font-bold text-slate-900" data-testid="compliance-rate">
          {t ? PLAN_LABELS.onTime(t.on_time_pct) : compliance.isError ? '—' : 'Chargement…'}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          À temps : terminée au plus tard {COMPLIANCE_TOLERANCE_DAYS} jours après l'échéance.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {(
          [
            ['Échéances', t?.due],
            ['À temps', t?.on_time],
            ['En retard', t?.late],
            ['Manquées', t?.missed],
            ['En cours', t?.open],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900">{n === undefined ? '—' : formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /plans (plans:read): the preventive plans, their next due dates, compliance; managers create, edit, generate. */
export function PlansScreen() {
  const { can, limitedToSections } = usePermissions();
  const manages = can(PERMISSIONS.PLANS_MANAGE);
  const plans = usePlans();
  const generate = useGeneratePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Plan | null>(null);

  const run = async (p: Plan) => {
    try {
      const res = await generate.mutateAsync(p.id);
      notify.success(PLAN_MESSAGES.generated(res.data.created));
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <section className="space-y-6">
      <PageHeader
        title={PLAN_LABELS.title}
        description={PLAN_LABELS.description}
        actions={
          manages && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden="true" /> {PLAN_LABELS.newPlan}
            </Button>
          )
        }
      />
      {/* the compliance covers the whole company: not for a role limited to its sections (issue 33) */}
      {!limitedToSections && <ComplianceCard />}
      {plans.isError && !plans.data ? (
        <LoadErrorState description="Impossible de charger les plans." onRetry={() => void plans.refetch()} />
      ) : (
        <DataTable
          caption="Plans de maintenance préventive"
          columns={columns}
          rows={plans.data?.data}
          loading={plans.isPending}
          rowKey={(p) => p.id}
          emptyMessage={PLAN_LABELS.empty}
          onRowClick={manages ? (p) => setEditing(p) : undefined}
          actions={
            manages
              ? (p) => (
                  <>
                    <RowAction label={`${PLAN_LABELS.generate} : ${p.nom}`} icon={Play} onClick={() => void run(p)} />
                    <RowAction label={`Modifier ${p.nom}`} icon={Pencil} onClick={() => setEditing(p)} />
                    <RowAction
                      label={`Supprimer ${p.nom}`}
                      icon={Trash2}
                      tone="danger"
                      onClick={() => setToDelete(p)}
                    />
                  </>
                )
              : undefined
          }
        />
      )}
      {editing && <PlanFormModal plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title={PLAN_LABELS.deleteTitle}
        message={toDelete ? PLAN_LABELS.deleteMessage(toDelete.nom) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notify.success(PLAN_MESSAGES.deleted);
            setToDelete(null);
          } catch {
            // the API client has shown the server's message
          }
        }}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
