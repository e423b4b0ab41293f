import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  SYNC_MAX_CHANGES,
  SYNC_MESSAGES,
  syncRequestSchema,
  syncResultSchema,
} from '@gmao/domain/interventions/sync-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import * as service from './sync.service.ts';

const tags = ['interventions'];

const DESCRIPTION = `Le pendant serveur d'une vue technicien hors ligne : les modifications enregistrées sur l'appareil, dans
l'ordre où elles ont été faites (au plus ${SYNC_MAX_CHANGES}), chacune avec son identifiant \`clientId\` (unique par
intervention, par exemple un UUID), sa date \`at\` et le corps de la route unitaire qu'elle remplace
(\`status\` : PUT /{id}/status ; \`note\` : POST /{id}/workflow/notes ; \`checklist\` : PUT /{id}/checklist/{itemId},
plus \`itemId\` ; \`timer\` : une session chronométrée \`{ startedAt, stoppedAt }\` (\`stoppedAt\` null : encore en cours) ;
\`timer_stop\` : \`{}\`, l'arrêt à \`at\` du chronomètre de l'utilisateur qui tourne sur le serveur (toujours permis, comme
POST /{id}/timer/stop ; conflit si aucun ne tourne ou si \`at\` précède son démarrage) ; \`material\` : POST /{id}/materials ;
\`consignation\` : PUT /{id}/consignation, l'enregistrement tel qu'il est, images des signatures comprises).

Date des modifications : un changement de statut, une note et un arrêt de chronomètre prennent effet à \`at\`, l'heure
de l'appareil (historique, started_at/completed_at, atteinte des délais garantis du contrat, fin de la session), si
elle est plausible : pas dans le futur au-delà de 5 min d'écart d'horloge, pas avant la création de l'intervention, et
pour un statut pas avant son dernier changement de statut enregistré. Sinon l'heure du serveur est retenue, et la
raison est donnée dans \`notices\` (\`{ clientId, reason }\`, modifications appliquées) et, pour un statut, dans la note
de l'historique.

En une transaction, sous le verrou de l'intervention : les droits de chaque modification sont vérifiés d'abord (403 :
rien n'est écrit, un technicien ne synchronise que ses interventions), puis chaque modification est appliquée dans
l'ordre par le même code que sa route unitaire (mêmes règles, historique, audit, version + 1). Règles de conflit :
les notes, les matériels et les sessions de chronomètre s'ajoutent (conflit seulement si leur règle les refuse :
intervention annulée, clôturée, 200 lignes, session qui chevauche une autre session du même utilisateur ou datée
dans le futur) ; une case de checklist prend la valeur envoyée (conflit si l'étape a été supprimée) ; une étape de
statut s'applique si la transition depuis le statut actuel est permise par le workflow (conflit sinon, par exemple
si l'intervention a été annulée entre-temps), et compte comme appliquée sans rien écrire si l'intervention a déjà ce
statut (sa note éventuelle est gardée comme note). Une modification en conflit n'écrit rien ; les suivantes
s'appliquent quand même.

Idempotent : une modification déjà reçue (même \`clientId\`) n'est pas rejouée, elle reçoit la même réponse qu'à son
premier envoi. \`baseVersion\` est la version sur laquelle l'appareil a travaillé ; plus ancienne que la version
actuelle, elle est acceptée (les règles ci-dessus tranchent) ; plus récente, c'est un 409 VERSION_CONFLICT avec
l'intervention actuelle. If-Match n'est pas lu ici. Réponse : \`applied\` (clientId appliqués), \`conflicts\`
(\`{ clientId, reason }\`), \`notices\` et \`intervention\`, l'état à jour dont la version sert de prochaine baseVersion.`;

/** POST /interventions/:id/sync — the batch of an offline device (sync.service.ts). */
const syncRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.post(
    '/:id/sync',
    {
      // a consignation change may carry the attestation's two signature images
      bodyLimit: 8 * 1024 * 1024,
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary:
          'Synchroniser les modifications faites hors ligne (statut, notes, checklist, chronomètre, matériel, consignation)',
        description: DESCRIPTION,
        params: idParamsSchema,
        body: syncRequestSchema,
        response: { 200: successEnvelope(syncResultSchema), ...errorResponsesWithVersion },
      },
    },
    async (request) => {
      const data = await service.syncChanges(app.db, storage, requireUser(request), request.params.id, request.body);
      return {
        success: true as const,
        data,
        message: SYNC_MESSAGES.synced(data.applied.length, data.conflicts.length),
      };
    },
  );
};

export default syncRoutes;
