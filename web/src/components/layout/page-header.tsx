import { type ReactNode, useEffect } from 'react';

const APP_TITLE = 'GMAO — Gestion de maintenance';

/** The browser tab names the page: 'Clients — GMAO'. Restores the application title when the page goes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — GMAO`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** Body of a page whose content a later issue builds. */
export function PagePlaceholder({ title, description }: { title: string; description?: string }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
        Cette page sera bientôt disponible.
      </div>
    </section>
  );
}
