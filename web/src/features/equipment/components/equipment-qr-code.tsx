import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { REQUEST_UI } from '@gmao/domain/requests/request-schemas';
import { Printer, RefreshCw } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { equipmentPath } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useRequestLink, useRotateRequestLink } from '../api/request-link';

/** The equipment's own address in the app (deep link; codes printed with `?id=` still work). */
export function equipmentUrl(id: number, origin: string = window.location.origin): string {
  return `${origin}${equipmentPath(id)}`;
}

/**
 * What a QR code encodes (issue 33): the equipment's public request page, `${APP_URL}/r/{token}` as the server gives
 * it — a random token, never the equipment's id, so that a printed label survives upgrades and can be revoked.
 */
export function qrUrl(link: { url: string } | undefined): string | null {
  return link?.url ?? null;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Opens a printable label (QR code, name, owner) in a new window and prints it. */
function printLabel(dataUrl: string, title: string, subtitle: string, url: string) {
  const win = window.open('', '_blank', 'width=420,height=560');
  if (!win) return;
  win.document.write(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>@page{margin:10mm}body{font-family:system-ui,sans-serif;text-align:center;margin:24px}
main{display:inline-block;max-width:300px;padding:16px;border:1px dashed #94a3b8;border-radius:8px}img{width:240px;height:240px}
h1{font-size:18px;margin:12px 0 4px}p{margin:2px 0;color:#334155;font-size:13px;overflow-wrap:anywhere}</style></head>
<body><main><img src="${dataUrl}" alt="QR code"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(subtitle)}</p>
<p>${escapeHtml(url)}</p></main></body></html>`);
  win.document.close();
  win.focus();
  // The image is a data URL, decoded synchronously enough for print; a short delay covers slow renderers.
  setTimeout(() => win.print(), 250);
}

export function EquipmentQrCode({ id, nom, owner }: { id: number; nom: string; owner: string }) {
  const { can } = usePermissions();
  const mayEdit = can(PERMISSIONS.EQUIPMENT_UPDATE);
  const link = useRequestLink(id, mayEdit);
  const rotate = useRotateRequestLink(id);
  const [confirming, setConfirming] = useState(false);
  const url = qrUrl(link.data?.data);
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setDataUrl(null);
    if (!url) return;
    QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
      .then((d) => {
        if (!cancelled) setDataUrl(d);
      })
      .catch((err: unknown) => console.error('QR code', err));
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (!mayEdit) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      {dataUrl && url ? (
        <img
          src={dataUrl}
          alt={`QR code de l'équipement ${nom}`}
          data-qr-url={url}
          className="h-36 w-36 rounded border border-slate-200"
        />
      ) : (
        <div className="h-36 w-36 animate-pulse rounded bg-slate-100" />
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!dataUrl || !url}
          onClick={() => dataUrl && url && printLabel(dataUrl, nom, owner, url)}
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> Imprimer le QR code
        </Button>
        <Button variant="ghost" size="sm" disabled={!url} onClick={() => setConfirming(true)}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {REQUEST_UI.qrRotate}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        kind="warning"
        title={REQUEST_UI.qrRotateTitle}
        message={REQUEST_UI.qrRotateMessage}
        confirmLabel={REQUEST_UI.qrRotate}
        loading={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            const res = await rotate.mutateAsync();
            notify.success(res.message ?? '');
            setConfirming(false);
          } catch {
            // the API client has shown the server's message
          }
        }}
      />
    </div>
  );
}
