import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { EQUIPMENT_MESSAGES, type EquipmentDetail } from '@gmao/domain/equipment/equipment-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatCurrency, formatDate, formatNumber, formatPhone, truncate } from '@gmao/domain/format/format';
import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { interventionPath } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { useEquipment } from '../api/get-equipment';
import { EquipmentMeter } from './equipment-meter';
import { EquipmentPlans } from './equipment-plans';
import { EquipmentQrCode } from './equipment-qr-code';

export type NewInterventionHandler = (equipment: { id: number; nom: string }) => void;

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-lg p-3 text-center ${tone}`}>
      <p className="text-2xl font-bold">{formatNumber(value)}</p>
      <p className="text-xs font-medium">{label}</p>
    </div>
  );
}

function RecentInterventions({ item }: { item: EquipmentDetail }) {
  if (item.interventions.length === 0)
    return <p className="text-sm text-slate-500">{EQUIPMENT_MESSAGES.noIntervention}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {item.interventions.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div className="min-w-0">
            <Link to={interventionPath(i.id)} className="font-medium text-blue-800 hover:underline">
              #{i.id} — {formatDate(i.date)}
            </Link>
            <p className="text-slate-600">{truncate(i.description) || '-'}</p>
          </div>
          <StatusBadge statut={i.statut} urgence={i.urgence} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Equipment detail (spec §2): technical details, owner, financial info (MAD), maintenance totals, the five most
 * recent interventions, the QR code, 'Modifier' and — when the app wires it — 'Nouvelle Intervention'.
 */
export function EquipmentDetailModal({
  equipmentId,
  onClose,
  onEdit,
  onNewIntervention,
}: {
  equipmentId: number;
  onClose: () => void;
  onEdit: (item: EquipmentDetail) => void;
  onNewIntervention?: NewInterventionHandler;
}) {
  const { can } = usePermissions();
  const query = useEquipment(equipmentId);
  const item = query.data?.data;

  return (
    <Modal
      open
      onClose={onClose}
      fill
      size="4xl"
      closeOnOverlayClick={false}
      title={item?.nom ?? "Détails de l'équipement"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          {/* shown (disabled) while the item loads, so the footer does not grow when it arrives */}
          {!query.isError && can(PERMISSIONS.EQUIPMENT_UPDATE) && (
            <Button variant="secondary" disabled={!item} onClick={() => item && onEdit(item)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Modifier
            </Button>
          )}
          {!query.isError && onNewIntervention && can(PERMISSIONS.INTERVENTIONS_CREATE) && (
            <Button disabled={!item} onClick={() => item && onNewIntervention({ id: item.id, nom: item.nom })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouvelle Intervention
            </Button>
          )}
        </>
      }
    >
      {query.isError ? (
        <p className="py-10 text-center text-slate-500">{EQUIPMENT_MESSAGES.notFound}</p>
      ) : !item ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement de l'équipement..." />
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            <DetailSection
              title="Détails techniques"
              items={[
                ['Type', equipmentTypeLabel(item.type_equipement)],
                ['Marque', item.marque],
                ['Modèle', item.modele],
                ['Numéro de série', item.numero_serie],
                ['État de réception', item.etatDeReception],
                [
                  'Dernière intervention',
                  item.latestInterventionStatus ? (
                    <StatusBadge key="s" statut={item.latestInterventionStatus} />
                  ) : (
                    EQUIPMENT_MESSAGES.noIntervention
                  ),
                ],
              ]}
            />
            <DetailSection
              title="Propriétaire"
              items={[
                ['Entreprise', item.proprietaire.nom_entreprise],
                ['Ville', item.proprietaire.ville],
                ['Contact', item.proprietaire.contact_principal],
                [
                  'Téléphone',
                  item.proprietaire.telephone_contact ? (
                    <a
                      key="tel"
                      className="text-blue-700 underline-offset-2 hover:underline"
                      href={`tel:${item.proprietaire.telephone_contact.replace(/[^\d+]/g, '')}`}
                    >
                      {formatPhone(item.proprietaire.telephone_contact)}
                    </a>
                  ) : null,
                ],
              ]}
            />
            <DetailSection
              title="Informations financières"
              items={[
                ['Valeur', formatCurrency(item.valeur)],
                ['Coût', formatCurrency(item.cout)],
              ]}
            />
          </div>
          <div className="space-y-4">
            {/* The label's link is given to those who may edit the equipment (they print and renew labels). */}
            {can(PERMISSIONS.EQUIPMENT_UPDATE) && (
              <DetailSection title="QR code">
                <EquipmentQrCode id={item.id} nom={item.nom} owner={item.proprietaire.nom_entreprise} />
              </DetailSection>
            )}
            <EquipmentPlans equipmentId={item.id} />
            <EquipmentMeter equipmentId={item.id} />
            <DetailSection title="Historique de maintenance">
              <div className="grid grid-cols-3 gap-2">
                <Stat label="Total" value={item.maintenanceStats.totalInterventions} tone="bg-blue-50 text-blue-800" />
                <Stat
                  label="Terminées"
                  value={item.maintenanceStats.completedInterventions}
                  tone="bg-green-50 text-green-800"
                />
                <Stat
                  label="Urgentes"
                  value={item.maintenanceStats.urgentInterventions}
                  tone="bg-red-50 text-red-800"
                />
              </div>
            </DetailSection>
          </div>
          <div className="space-y-4 lg:col-span-3">
            <DetailSection title="Interventions récentes">
              <RecentInterventions item={item} />
            </DetailSection>
          </div>
        </div>
      )}
    </Modal>
  );
}
