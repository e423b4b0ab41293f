import { type Part, STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { useState } from 'react';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { notify } from '../../../lib/toast';
import { centralStore, useLocations, useReception } from '../api/stock';

/** A part's reception (stock:manage): the quantity received enters the central store. */
export function ReceptionModal({ part, onClose }: { part: Part; onClose: () => void }) {
  const locations = useLocations();
  const receive = useReception();
  const [quantite, setQuantite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const store = centralStore(locations.data?.data);
  return (
    <FormModal
      open
      onClose={onClose}
      title={`Réception : ${part.designation}`}
      size="md"
      formId="reception-form"
      saving={receive.isPending}
      submitLabel="Entrer en stock"
    >
      <form
        id="reception-form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const n = Number(quantite.replace(',', '.'));
          if (!(n > 0)) return setError(STOCK_MESSAGES.quantiteInvalid);
          if (!store) return;
          try {
            await receive.mutateAsync({ part_id: part.id, location_id: store.id, quantite: n });
            notify.success(STOCK_MESSAGES.movementRecorded);
            onClose();
          } catch {
            // the API client has shown the server's message
          }
        }}
      >
        <FormField
          label={`Quantité reçue (${part.unite}) au ${store?.nom ?? 'magasin'}`}
          htmlFor="reception-qty"
          required
          error={error ?? undefined}
        >
          <input
            id="reception-qty"
            inputMode="decimal"
            className={inputClass(!!error)}
            value={quantite}
            onChange={(e) => {
              setQuantite(e.target.value);
              setError(null);
            }}
          />
        </FormField>
      </form>
    </FormModal>
  );
}
