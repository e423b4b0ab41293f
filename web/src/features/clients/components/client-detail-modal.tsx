import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Client } from '@gmao/domain/clients/client-schemas';
import { formatDate, formatNumber, formatPhone } from '@gmao/domain/format/format';
import { Building2, Pencil } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { usePermissions } from '../../../lib/session';
import { useClient } from '../api/get-client';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-center">
      <p className="truncate text-lg font-semibold text-slate-900">{value}</p>
      <p className="text-xs text-slate-500">{label}</p>
    </div>
  );
}

/** Client detail (spec §2): company header, contact, company info, legal info if present, statistics, edit. */
export function ClientDetailModal({
  clientId,
  onClose,
  onEdit,
}: {
  clientId: number;
  onClose: () => void;
  onEdit: (client: Client) => void;
}) {
  const { can } = usePermissions();
  const query = useClient(clientId);
  const client = query.data?.data;

  return (
    <Modal
      open
      onClose={onClose}
      size="3xl"
      closeOnOverlayClick={false}
      title={client?.nom_entreprise ?? 'Détails du client'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          {client && can(PERMISSIONS.CLIENTS_UPDATE) && (
            <Button onClick={() => onEdit(client)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Modifier
            </Button>
          )}
        </>
      }
    >
      {!client ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement du client..." />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-4 rounded-lg bg-blue-50 p-4">
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-blue-700 text-white">
              <Building2 className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-lg font-semibold text-slate-900">{client.nom_entreprise}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                {client.secteur_activite && <Badge tone="blue">{client.secteur_activite}</Badge>}
                {client.ville && <Badge>{client.ville}</Badge>}
              </div>
            </div>
          </div>
          <section aria-label="Statistiques" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Équipements" value={formatNumber(client.equipmentCount)} />
            <Stat label="Interventions" value={formatNumber(client.interventionCount)} />
            <Stat label="Créé le" value={formatDate(client.createdAt)} />
            <Stat label="Créé par" value={client.creerPar?.nom ?? '-'} />
          </section>
          <DetailSection
            title="Contact"
            items={[
              ['Contact principal', client.contact_principal],
              ['Poste', client.poste_contact],
              ['Téléphone du contact', formatPhone(client.telephone_contact)],
              ['Email du contact', client.email_contact],
              ['Téléphone', formatPhone(client.tel)],
              ['Fax', formatPhone(client.fax)],
              ['Email', client.email],
            ]}
          />
          <DetailSection
            title="Entreprise"
            items={[
              ['Adresse', client.adresse],
              ['Ville', client.ville],
              ['Code postal', client.codePostal],
              ['Site web', client.siteWeb],
            ]}
          />
          {(client.registre_commerce || client.forme_juridique) && (
            <DetailSection
              title="Informations légales"
              items={[
                ['Registre de commerce', client.registre_commerce],
                ['Forme juridique', client.forme_juridique],
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
