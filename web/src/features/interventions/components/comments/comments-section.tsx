import type { Comment } from '@gmao/domain/interventions/activity-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { type InterventionFacts, itemFacts } from '@gmao/domain/interventions/policy';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Pagination } from '../../../../components/ui/pagination';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { useAddComment, useComments, useDeleteComment, useUpdateComment } from '../../api/comments';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { CommentForm } from './comment-form';

/**
 * Comments on the intervention, newest first and paged; anyone who may update interventions comments, authors (or a
 * holder of interventions:assign) edit and delete them.
 */
export function CommentsSection({ interventionId, facts }: { interventionId: number; facts: InterventionFacts }) {
  const access = useInterventionAccess();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const query = useComments(interventionId, page, limit);
  const add = useAddComment();
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const writable = access.can('comment', facts);
  const mine = (c: Comment) => access.can('editOwnedItem', itemFacts(c));

  const run = async <T extends { message?: string }>(fn: () => Promise<T>, success: string, failure: string) => {
    try {
      toastInterventionSuccess((await fn()).message, success);
      return true;
    } catch (err) {
      toastInterventionError(err, failure);
      return false;
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    const ok = await run(
      () => remove.mutateAsync({ id: interventionId, cid: deleting.id }),
      ACTIVITY_MESSAGES.commentDeleted,
      ACTIVITY_MESSAGES.commentDeleteFailed,
    );
    if (ok) setDeleting(null);
  };

  const rows = query.data?.data ?? [];
  return (
    <div className="space-y-3">
      {writable && (
        <CommentForm
          id="new-comment"
          label="Ajouter un commentaire"
          submitLabel="Publier"
          saving={add.isPending}
          onSave={(comment) =>
            run(
              () => add.mutateAsync({ id: interventionId, comment }),
              ACTIVITY_MESSAGES.commentCreated,
              ACTIVITY_MESSAGES.commentCreateFailed,
            )
          }
        />
      )}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger les commentaires.
        </p>
      ) : query.isPending ? (
        <p className="text-sm text-slate-500">Chargement des commentaires...</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun commentaire.</p>
      ) : (
        <ul aria-label="Commentaires" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {rows.map((c) => (
            <li key={c.id} className="space-y-1 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
                <span>
                  <span className="font-medium text-slate-800">{c.auteur?.nom ?? 'Utilisateur supprimé'}</span> ·{' '}
                  <RelativeTime value={c.createdAt} />
                  {c.edited && ' (modifié)'}
                </span>
                {mine(c) && editing !== c.id && (
                  <span className="flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(c.id)}>
                      Modifier<span className="sr-only"> le commentaire</span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(c)}>
                      Supprimer<span className="sr-only"> le commentaire</span>
                    </Button>
                  </span>
                )}
              </div>
              {editing === c.id ? (
                <CommentForm
                  id={`comment-${c.id}`}
                  label="Modifier le commentaire"
                  initial={c.comment}
                  submitLabel="Enregistrer"
                  saving={update.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={async (comment) => {
                    const ok = await run(
                      () => update.mutateAsync({ id: interventionId, cid: c.id, comment }),
                      ACTIVITY_MESSAGES.commentUpdated,
                      ACTIVITY_MESSAGES.commentUpdateFailed,
                    );
                    if (ok) setEditing(null);
                    return ok;
                  }}
                />
              ) : (
                <p className="whitespace-pre-line text-slate-700">{c.comment}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {(query.data?.pagination.total ?? 0) > 10 && (
        <Pagination
          page={page}
          limit={limit}
          total={query.data?.pagination.total ?? 0}
          onPageChange={setPage}
          onLimitChange={(l) => {
            setLimit(l);
            setPage(1);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        kind="danger"
        title="Supprimer le commentaire"
        message="Ce commentaire sera définitivement supprimé."
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
