import {
  HONEYPOT_FIELD,
  REQUEST_MESSAGES as M,
  MAX_REQUEST_PHOTOS,
  type PublicRequestTarget,
  requestFormSchema,
  REQUEST_UI as U,
} from '@gmao/domain/requests/request-schemas';
import { AlertTriangle, Camera, CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { resizePhoto } from '../../../lib/offline/resize';
import { loadPublicTarget, submitPublicRequest } from '../api/requests';

type Load = { kind: 'loading' } | { kind: 'ok'; target: PublicRequestTarget } | { kind: 'notFound'; message: string };
type Errors = Partial<Record<'description' | 'nom' | 'telephone' | 'email' | 'photos' | 'form', string>>;

/** The page a QR code opens (/r/{token}): no account, phone first — the company, the equipment, a short form. */
export function PublicRequestPage({ token }: { token: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadPublicTarget(token).then(
      (r) => !cancelled && setLoad(r),
      () => !cancelled && setLoad({ kind: 'notFound', message: M.linkNotFound }),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    document.title = load.kind === 'ok' ? `${M.publicTitle} — ${load.target.equipement}` : M.publicTitle;
  }, [load]);

  if (load.kind === 'loading') {
    return (
      <Shell>
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      </Shell>
    );
  }
  if (load.kind === 'notFound') {
    return (
      <Shell>
        <div className="rounded-lg border border-slate-200 bg-white p-6 text-center">
          <AlertTriangle className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
          <h1 className="mt-3 text-lg font-semibold text-slate-900">{U.linkNotFoundTitle}</h1>
          <p className="mt-2 text-sm text-slate-600">{load.message || M.linkNotFound}</p>
        </div>
      </Shell>
    );
  }

  const { target } = load;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const fields = {
      description: String(data.get('description') ?? ''),
      nom: String(data.get('nom') ?? ''),
      telephone: String(data.get('telephone') ?? ''),
      email: String(data.get('email') ?? ''),
    };
    const parsed = requestFormSchema.safeParse(fields);
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Errors] ??= issue.message;
    }
    if (photos.length > MAX_REQUEST_PHOTOS) next.photos = M.tooManyPhotos;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append(HONEYPOT_FIELD, String(data.get(HONEYPOT_FIELD) ?? ''));
    setSending(true);
    try {
      for (const p of photos) {
        const sent = await shrink(p);
        body.append('photos', sent, sent.name);
      }
      const r = await submitPublicRequest(token, body);
      if (r.ok) {
        setDone(r.message || M.filed);
        setPhotos([]);
      } else {
        const fromServer: Errors = { form: r.message };
        for (const d of r.details) fromServer[d.field as keyof Errors] ??= d.msg;
        setErrors(fromServer);
      }
    } catch {
      setErrors({ form: U.networkError });
    } finally {
      setSending(false);
    }
  };

  return (
    <Shell target={target} token={token}>
      {done ? (
        <div className="rounded-lg border border-green-200 bg-green-50 p-6 text-center" role="status">
          <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden="true" />
          <p className="mt-3 text-base font-medium text-green-900">{done}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              setDone(null);
              setErrors({});
              setFormKey((k) => k + 1);
            }}
          >
            {U.another}
          </Button>
        </div>
      ) : (
        <form
          key={formKey}
          noValidate
          onSubmit={(e) => void submit(e)}
          // A field's message goes as soon as the field is edited.
          onInput={(e) => {
            const name = (e.target as HTMLInputElement).name as keyof Errors;
            if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
          }}
          className="space-y-4"
        >
          <p className="text-sm text-slate-600">{U.formIntro}</p>
          {errors.form && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {errors.form}
            </p>
          )}
          <FormField label={U.descriptionLabel} htmlFor="req-description" required error={errors.description}>
            <textarea
              id="req-description"
              name="description"
              rows={4}
              maxLength={2000}
              className={inputClass(!!errors.description)}
              {...fieldAria('req-description', errors.description)}
            />
          </FormField>
          <FormField label={U.nomLabel} htmlFor="req-nom" required error={errors.nom}>
            <input
              id="req-nom"
              name="nom"
              autoComplete="name"
              maxLength={100}
              className={inputClass(!!errors.nom)}
              {...fieldAria('req-nom', errors.nom)}
            />
          </FormField>
          <FormField label={U.telephoneLabel} htmlFor="req-telephone" required error={errors.telephone}>
            <input
              id="req-telephone"
              name="telephone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="06 12 34 56 78"
              className={inputClass(!!errors.telephone)}
              {...fieldAria('req-telephone', errors.telephone)}
            />
          </FormField>
          <FormField label={U.emailLabel} htmlFor="req-email" error={errors.email}>
            <input
              id="req-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              className={inputClass(!!errors.email)}
              {...fieldAria('req-email', errors.email)}
            />
          </FormField>
          {/* The honeypot: out of sight and out of the tab order; a person never fills it. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="req-site">{U.honeypotLabel}</label>
            <input id="req-site" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <FormField label={U.photosLabel} htmlFor="req-photos" error={errors.photos}>
            <input
              id="req-photos"
              name="photos"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              className="peer sr-only"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                setPhotos(files.slice(0, MAX_REQUEST_PHOTOS));
                setErrors((x) => ({ ...x, photos: files.length > MAX_REQUEST_PHOTOS ? M.tooManyPhotos : undefined }));
              }}
            />
            {/* The browser's own file button speaks its language; this one speaks French (and takes a finger). */}
            <label
              htmlFor="req-photos"
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-slate-300 bg-white px-3 py-2 text-sm font-medium text-blue-700 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500"
            >
              <Camera className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">
                {photos.length > 0 ? U.photosChosen(photos.map((p) => p.name)) : U.addPhotos}
              </span>
            </label>
          </FormField>
          <Button type="submit" className="w-full" disabled={sending}>
            {sending ? U.sending : U.submit}
          </Button>
        </form>
      )}
    </Shell>
  );
}

/**
 * A phone's photo (often 3 to 8 MB) leaves the device at most 1600 px wide, as JPEG (the server takes 5 MB a photo;
 * re-encoding also drops the EXIF data, the place included). Small pictures, and any the browser cannot decode, go
 * as they are.
 */
async function shrink(file: File): Promise<File> {
  if (file.size <= 1024 * 1024) return file;
  try {
    const jpeg = await resizePhoto(file);
    return new File([jpeg], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

function Shell({
  target,
  token,
  children,
}: {
  target?: PublicRequestTarget;
  token?: string;
  children: React.ReactNode;
}) {
  return (
    <main className="min-h-dvh bg-slate-50 px-4 py-6">
      <div className="mx-auto w-full max-w-md space-y-5">
        {target && (
          <header className="space-y-3 text-center">
            {target.logo_url && token && (
              <img src={target.logo_url} alt={`Logo ${target.entreprise}`} className="mx-auto h-14 w-auto" />
            )}
            <p className="text-sm font-medium text-slate-600">{target.entreprise}</p>
            <h1 className="text-xl font-semibold text-slate-900">{M.publicTitle}</h1>
            <p className="rounded-md bg-white px-3 py-2 text-base font-medium text-slate-800 ring-1 ring-slate-200">
              {target.equipement}
            </p>
          </header>
        )}
        {children}
      </div>
    </main>
  );
}
