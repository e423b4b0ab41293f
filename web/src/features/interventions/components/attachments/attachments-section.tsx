import { formatDateTime } from '@gmao/domain/format/format';
import {
  ATTACHMENT_ACCEPT,
  type Attachment,
  formatFileSize,
  isAllowedAttachment,
  MAX_ATTACHMENT_BYTES,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { type InterventionFacts, itemFacts } from '@gmao/domain/interventions/policy';
import { Download, Paperclip, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { newChangeId } from '../../../../lib/offline/change-id';
import { pendingOf, sendOrQueue, useOutboxUserId, usePendingChanges } from '../../../../lib/offline/pending';
import { resizePhoto } from '../../../../lib/offline/resize';
import { notify } from '../../../../lib/toast';
import { downloadAttachment, useAttachments, useDeleteAttachment, useUploadAttachment } from '../../api/attachments';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';

/**
 * Files of the intervention: upload (checked here, enforced by the server), download, delete with confirmation (its
 * author or a holder of interventions:assign).
 */
/** A photo from the phone's camera or gallery (resized to JPEG before it leaves, kept in the outbox offline). */
const isPhoto = (file: File) => /^image\/(jpeg|png|webp|heic|heif)$/.test(file.type);

/** The photo as sent: ≤ 1600 px JPEG (issue 32); the file itself where the browser cannot decode it. */
async function photoToSend(file: File): Promise<File> {
  try {
    const jpeg = await resizePhoto(file);
    return new File([jpeg], `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

export function AttachmentsSection({
  interventionId,
  facts,
  version = 1,
}: {
  interventionId: number;
  facts: InterventionFacts;
  /** The intervention's version shown (an offline photo's base). */
  version?: number;
}) {
  const access = useInterventionAccess();
  const userId = useOutboxUserId();
  const queued = pendingOf(usePendingChanges(interventionId), 'photo');
  const query = useAttachments(interventionId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const writable = access.can('attach', facts);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isAllowedAttachment(file.name, file.type)) return notify.error(ATTACHMENT_MESSAGES.typeRefused);
    if (file.size > MAX_ATTACHMENT_BYTES) return notify.error(ATTACHMENT_MESSAGES.tooLarge);
    try {
      if (!isPhoto(file)) {
        if (!navigator.onLine) return notify.error(OUTBOX_MESSAGES.offlineFileRefused);
        const res = await upload.mutateAsync({ id: interventionId, file });
        toastInterventionSuccess(res.message, ATTACHMENT_MESSAGES.uploaded);
        return;
      }
      const photo = await photoToSend(file);
      const clientId = newChangeId();
      const out = await sendOrQueue(
        {
          userId,
          interventionId,
          type: 'photo',
          payload: { filename: photo.name },
          blob: photo,
          baseVersion: version,
          clientId,
        },
        () => upload.mutateAsync({ id: interventionId, file: photo, idempotencyKey: clientId }),
      );
      if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
      else toastInterventionSuccess(out.result.message, ATTACHMENT_MESSAGES.uploaded);
    } catch (err) {
      toastInterventionError(err, ATTACHMENT_MESSAGES.uploadFailed);
    }
  };
  const onDownload = async (a: Attachment) => {
    try {
      await downloadAttachment(interventionId, a);
    } catch {
      // the API client has already shown the error toast
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync({ id: interventionId, attId: deleting.id });
      toastInterventionSuccess(res.message, ATTACHMENT_MESSAGES.deleted);
      setDeleting(null);
    } catch (err) {
      toastInterventionError(err, ATTACHMENT_MESSAGES.deleteFailed);
    }
  };

  const rows = query.data?.data ?? [];
  return (
    <div className="space-y-3">
      {writable && (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id="attachment-file"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            className="sr-only"
            aria-label="Ajouter une pièce jointe"
            onChange={onFile}
          />
          <Button size="sm" variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
            <Paperclip className="h-4 w-4" aria-hidden="true" /> Ajouter un fichier
          </Button>
          <span className="text-xs text-slate-500">Images, PDF, documents bureautiques — 10 Mo maximum</span>
        </div>
      )}
      {queued.length > 0 && (
        <div data-testid="pending-photos">
          <p className="text-xs font-semibold uppercase text-slate-500">{OUTBOX_MESSAGES.pendingPhotos}</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-amber-200 bg-amber-50/40">
            {queued.map((c) => (
              <li key={c.clientId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{(c.payload as { filename: string }).filename}</span>
                {c.blob && <span className="text-xs text-slate-500">{formatFileSize(c.blob.size)}</span>}
                <PendingMark refused={c.state === 'conflict'} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger les pièces jointes.
        </p>
      ) : query.isPending ? (
        <p className="text-sm text-slate-500">Chargement des pièces jointes...</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune pièce jointe.</p>
      ) : (
        <ul aria-label="Pièces jointes" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {rows.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{a.filename}</span>{' '}
                <span className="text-xs text-slate-500">
                  {formatFileSize(a.sizeBytes)} · {a.auteur?.nom ?? '-'} · {formatDateTime(a.createdAt)}
                </span>
              </span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Télécharger ${a.filename}`}
                  onClick={() => onDownload(a)}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                </Button>
                {access.can('editOwnedItem', itemFacts(a)) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Supprimer ${a.filename}`}
                    onClick={() => setDeleting(a)}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        kind="danger"
        title="Supprimer la pièce jointe"
        message={<>Supprimer définitivement « {deleting?.filename} » ?</>}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
