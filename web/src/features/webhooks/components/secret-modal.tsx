import { WEBHOOK_MESSAGES as M } from '@gmao/domain/webhooks/webhook-schemas';
import { Copy } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../lib/toast';

/** The signing secret, shown once (after a creation or a rotation), with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(M.copied);
    } catch {
      field.current?.select();
      notify.error(M.copyFailed);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={M.secretOnce}
      size="xl"
      closeOnOverlayClick={false}
      footer={<Button onClick={onClose}>{M.secretDone}</Button>}
    >
      <p className="mb-3 text-sm text-slate-600">{M.secretHelp}</p>
      <div className="flex gap-2">
        <input
          ref={field}
          readOnly
          aria-label={M.secretOnce}
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {M.copy}
        </Button>
      </div>
    </Modal>
  );
}
