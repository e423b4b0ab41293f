import { type RenewalCard as Card, HABILITATION_REPORT as R } from '@gmao/domain/habilitations/habilitation-schemas';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { api, downloadFile, type Envelope } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { habilitationKeys } from '../api/habilitations';

/**
 * The dashboard card « Habilitations à renouveler » (habilitations:manage, issue 34): titres and medical fitness dates
 * expired, ending within 30 and 90 days, with the report in PDF and CSV.
 */
export function RenewalCard() {
  const card = useQuery({
    queryKey: [...habilitationKeys.all, 'renewal-card'] as const,
    queryFn: async () => (await api.get<Envelope<Card>>('/habilitations/a-renouveler', { silent: true })).data,
  });
  // The same box while loading (no layout shift when the figures arrive).
  const { expirees, sous_30, sous_90 } = card.data ?? { expirees: '—', sous_30: '—', sous_90: '—' };
  return (
    <section aria-label={R.cardTitle} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center gap-2">
        <ShieldAlert className="h-5 w-5 text-orange-600" aria-hidden="true" />
        <h2 className="text-base font-semibold text-slate-900">
          <Link to={paths.habilitations} className="hover:underline">
            {R.cardTitle}
          </Link>
        </h2>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            [expirees, R.cardExpired, 'text-red-700'],
            [sous_30, R.card30, 'text-orange-700'],
            [sous_90, R.card90, 'text-slate-800'],
          ] as const
        ).map(([n, label, tone]) => (
          <div key={label}>
            <dd className={`text-2xl font-semibold ${tone}`}>{n}</dd>
            <dt className="text-xs text-slate-500">{label}</dt>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void downloadFile('/habilitations/a-renouveler.pdf', R.fileName('pdf'))}
        >
          {R.downloadPdf}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void downloadFile('/habilitations/a-renouveler.csv', R.fileName('csv'))}
        >
          {R.downloadCsv}
        </Button>
      </div>
    </section>
  );
}
