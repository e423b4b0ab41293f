import { defaultReportFilter, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { SLA_REPORT_MESSAGES } from '@gmao/domain/reports/sla-report-schemas';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toast';
import { useDownloadReport } from '../api/download-report';
import { usePartsDowntime } from '../api/get-parts-downtime';
import { useReportSummary } from '../api/get-report-summary';
import { PartsDowntimeView } from '../components/parts-downtime-view';
import { ReportFiltersForm } from '../components/report-filters-form';
import { ReportSummaryView } from '../components/report-summary-view';

/** /reports (reports:read): choose a period and scope, preview the summary, download it as PDF or CSV. */
export default function ReportsRoute() {
  // The last 30 days are previewed at once; the form changes the selection.
  const [filter, setFilter] = useState<ReportFilter | null>(() => defaultReportFilter());
  const summary = useReportSummary(filter);
  const partsDowntime = usePartsDowntime(filter);
  const download = useDownloadReport();

  const save = (format: 'csv' | 'pdf') => {
    if (!filter) return;
    download.mutate(
      { filter, format },
      { onSuccess: () => notify.success(`Rapport ${format.toUpperCase()} téléchargé`) },
    );
  };
  const busy = (format: 'csv' | 'pdf') => download.isPending && download.variables?.format === format;

  return (
    <section className="space-y-6">
      <PageHeader
        title="Rapports"
        description="Synthèse des interventions d'une période : nombres, durées et coûts, à télécharger en PDF ou CSV"
      />
      <p className="text-sm">
        <Link className="font-medium text-blue-700 hover:underline" to={paths.slaReport}>
          {SLA_REPORT_MESSAGES.title} →
        </Link>
      </p>
      <ReportFiltersForm onSubmit={setFilter} busy={summary.isFetching} />
      {!filter && (
        <EmptyState
          title="Choisissez une période"
          description="Sélectionnez une période et, si besoin, un client, un équipement ou un technicien, puis générez l'aperçu."
        />
      )}
      {filter && summary.isPending && (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement du rapport..." />
        </div>
      )}
      {filter && summary.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          Impossible de générer l'aperçu du rapport. Vérifiez la période choisie puis réessayez.
        </p>
      )}
      {summary.data && (
        // The downloads sit with the preview: they export exactly the selection shown.
        <ReportSummaryView
          summary={summary.data.data}
          actions={
            <>
              <Button variant="secondary" onClick={() => save('pdf')} loading={busy('pdf')}>
                <FileText className="h-4 w-4" aria-hidden="true" /> Télécharger PDF
              </Button>
              <Button variant="secondary" onClick={() => save('csv')} loading={busy('csv')}>
                <Download className="h-4 w-4" aria-hidden="true" /> Télécharger CSV
              </Button>
            </>
          }
        />
      )}
      {summary.data && partsDowntime.data && <PartsDowntimeView rows={partsDowntime.data.data} />}
    </section>
  );
}
