import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import { Button } from '../../../../components/ui/button';
import { SignatureField } from '../../../../components/ui/signature-field';

export type SignatureImages = { cc: string | null; ct: string | null };

/**
 * The attestation's two signatures (issue 34), drawn on the offline issue's signature pad: the chargé de consignation's
 * and the chargé de travaux's, named under their pad; « Signer l'attestation » once both are drawn.
 */
export function ConsignationSignatures({
  images,
  onChange,
  onSign,
  signing,
  names,
}: {
  images: SignatureImages;
  onChange: (update: (images: SignatureImages) => SignatureImages) => void;
  onSign: () => void;
  signing: boolean;
  names: { cc: string; ct: string };
}) {
  const ready = images.cc !== null && images.ct !== null;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{L.sign}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <SignatureField label={L.signatureCharge} onChange={(cc) => onChange((i) => ({ ...i, cc }))} />
          <p className="text-xs text-slate-500">{names.cc}</p>
        </div>
        <div>
          <SignatureField label={L.signatureTravaux} onChange={(ct) => onChange((i) => ({ ...i, ct }))} />
          <p className="text-xs text-slate-500">{names.ct}</p>
        </div>
      </div>
      {!ready && <p className="text-sm text-slate-600">{L.signBoth}</p>}
      <Button className="min-h-11 w-full sm:w-auto" disabled={!ready} loading={signing} onClick={onSign}>
        {L.sign}
      </Button>
    </fieldset>
  );
}
