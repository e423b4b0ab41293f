import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNarrowScreen } from '../../../../components/ui/use-narrow-screen';

/** The id of a detail section, so the phone's action bar can open it and bring it into view. */
export const interventionSectionId = (title: string) =>
  `section-${title
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .toLowerCase()}`;

/**
 * A titled block of the intervention detail (a named region for screen readers and tests). On a phone it folds
 * (issue 14: the 3,000-px detail becomes a page of headings); `defaultOpen` keeps the essentials unfolded.
 */
export function InterventionSection({
  title,
  children,
  defaultOpen = false,
  state,
}: {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  /**
   * Issue 30: what the section holds ('3/3', '1'), in the heading of a folding section (a phone), so that folded it
   * still says it; unfolded (wider screens) the section shows it itself.
   */
  state?: { text: string; title: string };
}) {
  const narrow = useNarrowScreen();
  const heading = 'text-sm font-semibold uppercase tracking-wide text-slate-500';
  const badge = state && (
    <>
      {' '}
      <span
        title={state.title}
        data-testid="section-state"
        className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold tracking-normal text-slate-700 normal-case"
      >
        {state.text}
      </span>
    </>
  );
  if (!narrow) {
    return (
      <section id={interventionSectionId(title)} aria-label={title} className="space-y-2">
        <h3 className={heading}>{title}</h3>
        {children}
      </section>
    );
  }
  return (
    <section id={interventionSectionId(title)} aria-label={title} className="border-b border-slate-200 pb-2">
      <details open={defaultOpen} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden">
          <h3 className={heading}>
            {title}
            {badge}
          </h3>
          <ChevronDown
            className="h-5 w-5 text-slate-400 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="space-y-2 pb-2">{children}</div>
      </details>
    </section>
  );
}

/** Opens a folded section, brings it into view and focuses `focus` inside it (or its first control). */
export function revealInterventionSection(title: string, focus?: string) {
  const section = document.getElementById(interventionSectionId(title));
  if (!section) return;
  const details = section.querySelector('details');
  if (details) details.open = true;
  section.scrollIntoView({ block: 'start', behavior: 'smooth' });
  const target = section.querySelector<HTMLElement>(focus ?? 'textarea, input, button, a[href]');
  target?.focus({ preventScroll: true });
  return target;
}
