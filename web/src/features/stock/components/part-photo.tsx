import { MAX_ATTACHMENT_BYTES } from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import { PART_PHOTO_ACCEPT, PART_PHOTO_TYPES, type PartDetail, STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeletePartPhoto, usePartPhoto, useUploadPartPhoto } from '../api/stock';

const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : fallback;

/** The part's photo (issue 18); a stock manager adds, replaces or removes it (JPEG, PNG, GIF, WebP, 10 MB). */
export function PartPhoto({ part, manages }: { part: PartDetail; manages: boolean }) {
  const photo = usePartPhoto(part.id, part.updatedAt, part.photo);
  const upload = useUploadPartPhoto(part.id);
  const remove = useDeletePartPhoto(part.id);
  const input = useRef<HTMLInputElement>(null);
  const url = photo.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(PART_PHOTO_TYPES as readonly string[]).includes(file.type))
      return notify.error(STOCK_MESSAGES.photoTypeRefused);
    if (file.size > MAX_ATTACHMENT_BYTES) return notify.error(ATTACHMENT_MESSAGES.tooLarge);
    try {
      const res = await upload.mutateAsync(file);
      notify.success(res.message ?? STOCK_MESSAGES.photoUploaded);
    } catch (err) {
      notify.error(errorMessage(err, ATTACHMENT_MESSAGES.uploadFailed));
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync(undefined);
      notify.success(STOCK_MESSAGES.photoDeleted);
    } catch (err) {
      notify.error(errorMessage(err, ATTACHMENT_MESSAGES.deleteFailed));
    }
  };

  return (
    <div className="space-y-3">
      {!part.photo ? (
        <p className="text-sm text-slate-500">{L.noPhoto}</p>
      ) : photo.isError ? (
        <p className="text-sm text-slate-500">{L.photoLoadError}</p>
      ) : url ? (
        <img src={url} alt={L.photoAlt(part.reference)} className="max-h-64 rounded-md border border-slate-200" />
      ) : null}
      {manages && (
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="part-photo-file"
            type="file"
            accept={PART_PHOTO_ACCEPT}
            className="sr-only"
            aria-label={part.photo ? L.photoReplace : L.photoAdd}
            onChange={onFile}
          />
          <Button variant="secondary" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <ImagePlus className="h-4 w-4" aria-hidden="true" /> {part.photo ? L.photoReplace : L.photoAdd}
          </Button>
          {part.photo && (
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={onRemove}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> {L.photoRemove}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
