import { AlertOctagon, Home, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const ERROR_SCREEN_TITLE = "Oups ! Une erreur s'est produite";

/** A short code the user can read out to support; it also appears in the console log. */
export function errorCode(error: unknown): string {
  const name = error instanceof Error && error.message === 'PAGE_LOAD_TIMEOUT' ? 'TIMEOUT' : 'APP';
  return `ERR-${name}-${Date.now().toString(36).toUpperCase()}`;
}

export function ErrorScreen({ code }: { code: string }) {
  return (
    <main role="alert" className="flex min-h-full items-center justify-center bg-slate-50 p-4 sm:p-6">
      <div className="w-full max-w-lg rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <AlertOctagon className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{ERROR_SCREEN_TITLE}</h1>
        <p className="mt-2 text-slate-600">
          Une erreur inattendue est survenue. Vous pouvez recharger la page ou revenir à l'accueil.
        </p>
        <p className="mt-3 text-sm text-slate-500">
          Code d'erreur : <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{code}</code>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Recharger la page
          </button>
          <a
            href="/"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            <Home className="h-4 w-4" aria-hidden="true" /> Retour à l'accueil
          </a>
        </div>
      </div>
    </main>
  );
}

/** Around the routes: a page's error (a render error, a chunk that did not load) until the next navigation. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { code: string | null; key: string }
> {
  override state = { code: null as string | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { code: errorCode(error) };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { code: string | null; key: string }) {
    return props.resetKey === state.key ? null : { code: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error) {
    console.error(this.state.code, error);
  }

  override render() {
    return this.state.code ? <ErrorScreen code={this.state.code} /> : this.props.children;
  }
}

/** Top-level boundary for errors outside the router. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { code: string | null }> {
  override state = { code: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { code: errorCode(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(this.state.code, error, info.componentStack);
  }

  override render() {
    return this.state.code ? <ErrorScreen code={this.state.code} /> : this.props.children;
  }
}
