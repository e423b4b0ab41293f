import type { Habilitation } from '@gmao/domain/habilitations/habilitation-schemas';
import { TITRE_DOCUMENT_MESSAGES as M, MAX_TITRE_BYTES } from '@gmao/domain/habilitations/titre-document';
import { FileDown, FileUp } from 'lucide-react';
import { useRef } from 'react';
import { RowAction } from '../../../components/ui/row-action';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadTitre, useUploadTitre } from '../api/habilitations';

/**
 * The scanned signed titre of a habilitation row (issue 34): download when one is stored (its holder and the
 * managers), upload / replace for holders of habilitations:manage (PDF only, 10 MB; the server checks the bytes).
 */
export function TitreDocumentActions({ title, canManage }: { title: Habilitation; canManage: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTitre();
  const who = `${title.symbole} de ${title.user_nom}`;
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.type && file.type !== 'application/pdf') return notify.error(M.notPdf);
    if (file.size > MAX_TITRE_BYTES) return notify.error(M.tooLarge);
    upload.mutate(
      { id: title.id, file },
      {
        onSuccess: () => notify.success(M.uploaded),
        onError: (err) => notify.error(err instanceof ApiError ? err.message : M.notPdf),
      },
    );
  };
  return (
    <span className="inline-flex items-center gap-1">
      {title.document && (
        <RowAction label={`${M.download} ${who}`} icon={FileDown} onClick={() => void downloadTitre(title)} />
      )}
      {canManage && (
        <>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-label={`Fichier du titre signé ${who}`}
            disabled={upload.isPending}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <RowAction
            label={`${upload.isPending ? M.uploading : title.document ? M.replace : M.upload} ${who}`}
            icon={FileUp}
            onClick={() => input.current?.click()}
          />
        </>
      )}
    </span>
  );
}
