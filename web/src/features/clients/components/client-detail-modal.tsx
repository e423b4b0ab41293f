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
import { ClientActivity } from './client-activity';
import { PortalUsersSection } from './portal-users-section';

const linkClass = 'text-blue-700 underline-offset-2 hover:underline';

/** A mailto:/tel:/web link, or null when the value is empty (DetailSection then shows '-'). */
function link(href: string | null | undefined, text: string | null | undefined) {
  if (!href || !text) return null;
  return (
    <a className={linkClass} href={href} target={href.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
      {text}
    </a>
  );
}

const tel = (v: string | null | undefined) => (v ? `tel:${v.replace(/[^\d+]/g, '')}` : null);
const web = (v: string | null | undefined) => (v ? (/^https?:\/\//i.test(v) ? v : `https://${v}`) : null);

/** `text` stats (a date, a name) use a smaller font so a long name wraps between words, not inside them. */
function Stat({ label, value, text = false }: { label: string; value: string; text?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-center">
      <p
        className={`break-words font-semibold leading-snug text-slate-900 ${text ? 'py-0.5 text-sm hyphens-auto' : 'text-lg'}`}
      >
        {value}
      </p>
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
      fill
      size="3xl"
      closeOnOverlayClick={false}
      title="Détails du client"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          {/* shown (disabled) while the client loads, so the footer does not change when it arrives */}
          {!query.isError && can(PERMISSIONS.CLIENTS_UPDATE) && (
            <Button disabled={!client} onClick={() => client && onEdit(client)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Modifier
            </Button>
          )}
        </>
      }
    >
      {query.isError ? (
        <p className="py-10 text-center text-slate-500">Impossible de charger ce client.</p>
      ) : !client ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement du client..." />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex items-start gap-4 rounded-lg bg-blue-50 p-4 sm:items-center">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-blue-700 text-white">
              <Building2 className="h-6 w-6" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="break-words text-lg font-semibold text-slate-900">{client.nom_entreprise}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                {client.secteur_activite && <Badge tone="blue">{client.secteur_activite}</Badge>}
                {client.ville && <Badge>{client.ville}</Badge>}
              </div>
            </div>
          </div>
          <section aria-label="Statistiques" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Équipements" value={formatNumber(client.equipmentCount)} />
            <Stat label="Interventions" value={formatNumber(client.interventionCount)} />
            <Stat text label="Créé le" value={formatDate(client.createdAt)} />
            <Stat text label="Créé par" value={client.creerPar?.nom ?? '-'} />
          </section>
          <DetailSection
            title="Contact"
            items={[
              ['Contact principal', client.contact_principal],
              ['Poste', client.poste_contact],
              ['Téléphone du contact', link(tel(client.telephone_contact), formatPhone(client.telephone_contact))],
              [
                'E-mail du contact',
                link(client.email_contact && `mailto:${client.email_contact}`, client.email_contact),
              ],
              ['Téléphone', link(tel(client.tel), formatPhone(client.tel))],
              ['Fax', formatPhone(client.fax)],
              ['E-mail', link(client.email && `mailto:${client.email}`, client.email)],
            ]}
          />
          <DetailSection
            title="Entreprise"
            items={[
              ['Adresse', client.adresse],
              ['Ville', client.ville],
              ['Code postal', client.codePostal],
              ['Site web', link(web(client.siteWeb), client.siteWeb)],
            ]}
          />
          {(client.registre_commerce || client.ice || client.forme_juridique) && (
            <DetailSection
              title="Informations légales"
              items={[
                ['Registre de commerce', client.registre_commerce],
                ['ICE', client.ice],
                ['Forme juridique', client.forme_juridique],
              ]}
            />
          )}
          {/* last: its lists arrive after the client, and nothing below them moves when they do (issue 14) */}
          <ClientActivity clientId={client.id} />
          {/* issue 33: the client's portal accounts */}
          <PortalUsersSection clientId={client.id} />
        </div>
      )}
    </Modal>
  );
}
