import { formatDateTime } from '@gmao/domain/format/format';
import { BON_LABELS as L, type Signature } from '@gmao/domain/interventions/signature-schemas';
import { Download, FileSignature } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LoadErrorState } from '../../../../components/ui/load-error-state';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError, downloadFile } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useSignatures } from '../../api/signatures';

const bonPath = (id: number) => `/reports/interventions/${id}/pdf`;

function save(id: number, version?: number) {
  const name = version ? `bon-intervention-${id}-v${version}.pdf` : `bon-intervention-${id}.pdf`;
  downloadFile(bonPath(id), name, version ? { version } : undefined, { silent: true }).catch((err) =>
    notify.error(err instanceof ApiError ? err.message : "Le bon n'a pas pu être téléchargé"),
  );
}

/**
 * The detail's "Bon d'intervention" (issue 32): who signed which version (signer, quality, time, the content's
 * SHA-256), the current bon and each signed version to download. A change after signing makes a new version: the
 * signed one stays as it was.
 */
export function BonSection({ interventionId }: { interventionId: number }) {
  const signatures = useSignatures(interventionId);
  if (signatures.isPending) return <Spinner size="sm" label="Chargement des signatures..." />;
  if (signatures.isError) return <LoadErrorState description={L.loadError} onRetry={() => void signatures.refetch()} />;
  const byVersion = new Map<number, Signature[]>();
  for (const s of signatures.data) byVersion.set(s.version, [...(byVersion.get(s.version) ?? []), s]);
  const versions = [...byVersion.keys()].sort((a, b) => b - a);
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => save(interventionId)}>
          <Download className="h-4 w-4" aria-hidden="true" /> {L.download}
        </Button>
      </div>
      {versions.length === 0 ? (
        <p className="text-slate-600">{L.noSignature}</p>
      ) : (
        <ul className="space-y-3" aria-label={L.signaturesTitle}>
          {versions.map((v, index) => (
            <li key={v} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-slate-900">
                  <FileSignature className="mr-1 inline h-4 w-4 text-slate-500" aria-hidden="true" />
                  {L.downloadVersion(v)}{' '}
                  {index === 0 ? (
                    <Badge tone="green">dernière</Badge>
                  ) : (
                    <Badge tone="gray">remplacée par une version plus récente</Badge>
                  )}
                </p>
                <Button variant="secondary" size="sm" onClick={() => save(interventionId, v)}>
                  <Download className="h-4 w-4" aria-hidden="true" /> PDF v{v}
                </Button>
              </div>
              <ul className="space-y-1 text-slate-700">
                {byVersion.get(v)!.map((s) => (
                  <li key={s.id}>
                    <span className="font-medium">{L.signedBy(s.role, s.nom)}</span>
                    {s.qualite ? ` (${s.qualite})` : ''}, {L.signedAt(formatDateTime(s.signe_le))}
                    <span className="block font-mono text-xs text-slate-500" title={s.sha256}>
                      SHA-256 {s.sha256.slice(0, 16)}…
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
