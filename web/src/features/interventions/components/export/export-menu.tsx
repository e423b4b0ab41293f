import {
  EXPORT_FORMATS,
  EXPORT_MESSAGES,
  type ExportFormat,
  interventionExportFileName,
} from '@gmao/domain/interventions/export-schemas';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { downloadFile, type RequestOptions } from '../../../../lib/api-client';
import { toastInterventionError } from '../intervention-toasts';

/** 'Exporter' menu of the interventions list: CSV or PDF of the list with its current filters. */
export function ExportMenu({ filters }: { filters: RequestOptions['query'] }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(format);
    try {
      await downloadFile(`/interventions/export/${format}`, interventionExportFileName(format), filters);
    } catch (err) {
      toastInterventionError(err, EXPORT_MESSAGES.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div ref={ref} className="relative">
      <Button
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        loading={busy !== null}
        onClick={() => setOpen((o) => !o)}
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {EXPORT_MESSAGES.menu}
      </Button>
      {open && (
        <div
          role="menu"
          aria-label={EXPORT_MESSAGES.menu}
          className="absolute right-0 z-20 mt-1 w-36 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {EXPORT_FORMATS.map((f) => (
            <button
              key={f}
              type="button"
              role="menuitem"
              className="block w-full px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
              onClick={() => run(f)}
            >
              {EXPORT_MESSAGES[f]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
