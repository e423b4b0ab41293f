import { SIGNATURE_MESSAGES as M } from '@gmao/domain/interventions/offline-messages';
import type { SignatureRole } from '@gmao/domain/interventions/signature-schemas';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { Modal } from '../../../../components/ui/modal';
import { SignatureField } from '../../../../components/ui/signature-field';
import { newChangeId } from '../../../../lib/offline/change-id';
import { sendOrQueue, useOutboxUserId } from '../../../../lib/offline/pending';
import { readUser } from '../../../../lib/session-storage';
import { notify } from '../../../../lib/toast';
import { deviceTime, pngBlob, postSignature } from '../../api/sign-on-site';
import { toastInterventionError } from '../intervention-toasts';

/**
 * « Faire signer le client » (issue 32): the signer's name and qualité, the client's signature and the technician's,
 * sent to the signatures route — or kept in the outbox offline, before the close that follows them. `onSigned` runs
 * once both are recorded or queued (the close, when the dialog was opened by « Terminer »). `closing` offers
 * « Terminer sans signature » unless the client's signature is `required`.
 */
export function SignOnSiteDialog({
  open,
  interventionId,
  version,
  closing,
  required,
  onClose,
  onSigned,
  onCloseWithout,
}: {
  open: boolean;
  interventionId: number;
  version: number;
  closing: boolean;
  required: boolean;
  onClose: () => void;
  onSigned: () => void;
  onCloseWithout: () => void;
}) {
  // The technician's own name, prefilled (the stored session's user).
  const [user] = useState(readUser);
  const userId = useOutboxUserId();
  const [nom, setNom] = useState('');
  const [qualite, setQualite] = useState('');
  const [technicien, setTechnicien] = useState(user?.nom ?? '');
  const [client, setClient] = useState<string | null>(null);
  const [tech, setTech] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'nom' | 'technicien' | 'client' | 'tech', string>>>({});
  const [saving, setSaving] = useState(false);
  // One change id per signer for this signing: sent again (a refusal of the other one, a retry), the signature
  // already recorded is answered, not recorded twice.
  const changeIds = useRef<Record<SignatureRole, string> | null>(null);
  useEffect(() => {
    if (!open) return;
    changeIds.current = { CLIENT: newChangeId(), TECHNICIEN: newChangeId() };
    setNom('');
    setQualite('');
    setTechnicien(user?.nom ?? '');
    setClient(null);
    setTech(null);
    setErrors({});
  }, [open, user?.nom]);

  const submit = async () => {
    const found: typeof errors = {};
    if (!nom.trim()) found.nom = M.nameRequired;
    if (!technicien.trim()) found.technicien = M.nameRequired;
    if (!client) found.client = M.clientMissing;
    if (!tech) found.tech = M.technicianMissing;
    setErrors(found);
    if (Object.keys(found).length > 0 || !client || !tech) return;
    setSaving(true);
    let queued = false;
    try {
      const signeLe = deviceTime();
      const signers: [SignatureRole, string, string, string][] = [
        ['CLIENT', nom.trim(), qualite.trim(), client],
        ['TECHNICIEN', technicien.trim(), '', tech],
      ];
      for (const [role, signer, q, png] of signers) {
        const fields = { role, nom: signer, qualite: q, signe_le: signeLe };
        const blob = pngBlob(png);
        changeIds.current ??= { CLIENT: newChangeId(), TECHNICIEN: newChangeId() };
        const clientId = changeIds.current[role];
        const out = await sendOrQueue(
          { userId, interventionId, type: 'signature', payload: fields, blob, baseVersion: version, clientId },
          () => postSignature(interventionId, fields, blob, clientId),
        );
        queued ||= out.queued;
      }
      notify.success(queued ? M.queued : M.recorded);
      onSigned();
    } catch (err) {
      toastInterventionError(err, M.title);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      closeOnOverlayClick={false}
      closeDisabled={saving}
      size="lg"
      title={closing ? M.askClient : M.title}
      footer={
        <div className="flex w-full flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          {closing && !required && (
            <Button variant="secondary" onClick={onCloseWithout} disabled={saving}>
              {M.closeWithout}
            </Button>
          )}
          <Button variant="success" onClick={() => void submit()} loading={saving}>
            {closing ? M.submitAndClose : M.submit}
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{M.intro}</p>
        {required && (
          <p className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
            {M.required}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={M.signerName} htmlFor="sign-nom" required error={errors.nom}>
            <input
              id="sign-nom"
              className={inputClass(!!errors.nom)}
              value={nom}
              autoComplete="name"
              maxLength={150}
              onChange={(e) => setNom(e.target.value)}
              {...fieldAria('sign-nom', errors.nom)}
            />
          </FormField>
          <FormField label={M.signerQualite} htmlFor="sign-qualite">
            <input
              id="sign-qualite"
              className={inputClass(false)}
              value={qualite}
              placeholder={M.qualitePlaceholder}
              maxLength={150}
              onChange={(e) => setQualite(e.target.value)}
            />
          </FormField>
        </div>
        <SignatureField label={M.clientSignature} onChange={setClient} />
        {errors.client && (
          <p role="alert" className="text-sm text-red-700">
            {errors.client}
          </p>
        )}
        <FormField label={M.technicianName} htmlFor="sign-technicien" required error={errors.technicien}>
          <input
            id="sign-technicien"
            className={inputClass(!!errors.technicien)}
            value={technicien}
            maxLength={150}
            onChange={(e) => setTechnicien(e.target.value)}
            {...fieldAria('sign-technicien', errors.technicien)}
          />
        </FormField>
        <SignatureField label={M.technicianSignature} onChange={setTech} />
        {errors.tech && (
          <p role="alert" className="text-sm text-red-700">
            {errors.tech}
          </p>
        )}
      </div>
    </Modal>
  );
}
