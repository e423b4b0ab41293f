import { decodeCsvBytes, PARTS_CSV_MESSAGES } from '@gmao/domain/stock/parts-csv';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError, type ErrorDetail } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadPartsCsv, useImportParts } from '../api/stock';

/** Export (everyone who reads the stock) and import (managers) of the catalogue as CSV; the import's line errors. */
export function CatalogueCsv({ manages }: { manages: boolean }) {
  const importParts = useImportParts();
  const file = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [lineErrors, setLineErrors] = useState<ErrorDetail[]>([]);
  const onFile = async (f: File | undefined) => {
    if (!f) return;
    setLineErrors([]);
    try {
      const res = await importParts.mutateAsync(decodeCsvBytes(new Uint8Array(await f.arrayBuffer())));
      notify.success(res.message ?? PARTS_CSV_MESSAGES.done(res.data.created, res.data.updated));
    } catch (err) {
      if (err instanceof ApiError) {
        notify.error(err.serverMessage ?? err.message);
        setLineErrors(err.details);
      }
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        loading={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            await downloadPartsCsv();
            notify.success(PARTS_CSV_MESSAGES.downloaded);
          } catch {
            // the API client has shown the server's message
          } finally {
            setExporting(false);
          }
        }}
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {PARTS_CSV_MESSAGES.exportAction}
      </Button>
      {manages && (
        <>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label={PARTS_CSV_MESSAGES.importAction}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button variant="secondary" loading={importParts.isPending} onClick={() => file.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden="true" /> {PARTS_CSV_MESSAGES.importAction}
          </Button>
        </>
      )}
      {lineErrors.length > 0 && (
        <div role="alert" className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <p className="font-medium">{PARTS_CSV_MESSAGES.importErrorsTitle}</p>
          <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5">
            {lineErrors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several errors of the same text
              <li key={i}>
                {e.field ? `${e.field} : ` : ''}
                {e.msg ?? e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
