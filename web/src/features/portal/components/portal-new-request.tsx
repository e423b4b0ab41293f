import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import {
  MAX_REQUEST_PHOTOS,
  REQUEST_MESSAGES as RM,
  requestFormSchema,
  REQUEST_UI as U,
} from '@gmao/domain/requests/request-schemas';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toast';
import { useFilePortalRequest } from '../api/file-portal-request';
import { usePortalEquipment } from '../api/get-portal-data';

type Errors = Partial<
  Record<'equipement_id' | 'description' | 'nom' | 'telephone' | 'email' | 'photos' | 'form', string>
>;

/** A DEMANDEUR's request on one of his company's equipment: the public form's fields, checked the same way. */
export function PortalNewRequest({ defaultNom }: { defaultNom: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const equipment = usePortalEquipment({ page: 1, limit: 100 });
  const mutation = useFilePortalRequest();
  const [errors, setErrors] = useState<Errors>({});
  const [photos, setPhotos] = useState<File[]>([]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const equipementId = Number(data.get('equipement_id') ?? 0);
    const fields = {
      description: String(data.get('description') ?? ''),
      nom: String(data.get('nom') ?? ''),
      telephone: String(data.get('telephone') ?? ''),
      email: String(data.get('email') ?? ''),
    };
    const next: Errors = {};
    if (!equipementId) next.equipement_id = RM.equipmentRequired;
    const parsed = requestFormSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Errors] ??= issue.message;
    }
    if (photos.length > MAX_REQUEST_PHOTOS) next.photos = RM.tooManyPhotos;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const r = await mutation.mutateAsync({ equipement_id: equipementId, ...fields, photos });
      notify.success(r.message ?? M.requestFiled);
      navigate(paths.portalRequests);
    } catch (err) {
      const fromServer: Errors = { form: err instanceof ApiError ? err.message : U.networkError };
      if (err instanceof ApiError) for (const d of err.details) fromServer[d.field as keyof Errors] ??= d.msg;
      setErrors(fromServer);
    }
  };

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <Link to={paths.portalRequests} className="text-sm text-blue-700 hover:underline">
        ← {M.nav.requests}
      </Link>
      <h1 className="text-xl font-semibold text-slate-900">{M.newRequest}</h1>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <FormField label="Équipement" htmlFor="preq-equipement" required error={errors.equipement_id}>
          <select
            id="preq-equipement"
            name="equipement_id"
            defaultValue={params.get('equipement') ?? ''}
            className={inputClass(!!errors.equipement_id)}
            {...fieldAria('preq-equipement', errors.equipement_id)}
          >
            <option value="">Choisir…</option>
            {(equipment.data?.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.nom}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={U.descriptionLabel} htmlFor="preq-description" required error={errors.description}>
          <textarea
            id="preq-description"
            name="description"
            rows={4}
            maxLength={2000}
            className={inputClass(!!errors.description)}
            {...fieldAria('preq-description', errors.description)}
          />
        </FormField>
        <FormField label={U.nomLabel} htmlFor="preq-nom" required error={errors.nom}>
          <input
            id="preq-nom"
            name="nom"
            defaultValue={defaultNom}
            maxLength={100}
            className={inputClass(!!errors.nom)}
            {...fieldAria('preq-nom', errors.nom)}
          />
        </FormField>
        <FormField label={U.telephoneLabel} htmlFor="preq-telephone" required error={errors.telephone}>
          <input
            id="preq-telephone"
            name="telephone"
            type="tel"
            inputMode="tel"
            placeholder="06 12 34 56 78"
            className={inputClass(!!errors.telephone)}
            {...fieldAria('preq-telephone', errors.telephone)}
          />
        </FormField>
        <FormField label={U.emailLabel} htmlFor="preq-email" error={errors.email}>
          <input
            id="preq-email"
            name="email"
            type="email"
            className={inputClass(!!errors.email)}
            {...fieldAria('preq-email', errors.email)}
          />
        </FormField>
        <FormField label={U.photosLabel} htmlFor="preq-photos" error={errors.photos}>
          <input
            id="preq-photos"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="block w-full text-sm"
            onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, MAX_REQUEST_PHOTOS + 1))}
          />
        </FormField>
        <Button type="submit" loading={mutation.isPending} className="w-full sm:w-auto">
          Envoyer la demande
        </Button>
      </form>
    </section>
  );
}
