import { X } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const SIZES = {
  xs: 'max-w-xs',
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
} as const;

export type ModalSize = keyof typeof SIZES;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  /** Data modals pass false so a stray click outside does not lose the form. */
  closeOnOverlayClick?: boolean;
  /** Disables every way of closing (close button, Escape, overlay), e.g. while a save is in flight. */
  closeDisabled?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
  /**
   * A detail view: the whole screen on a phone (a page of its own, footer actions at hand), the full height on a
   * desktop — so its size does not change when its data arrives (issue 14: no layout shift).
   */
  fill?: boolean;
  /**
   * The body is a tab stop of its own (named by the title), so the keyboard can scroll a long read-only view that
   * has no control inside it (axe: scrollable-region-focusable). It never takes the initial focus.
   */
  scrollFocusable?: boolean;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/** Nesting depth in the React tree, so a modal rendered inside another one is on top even when both open at once. */
const DepthContext = createContext(0);

interface StackEntry {
  depth: number;
}

/** Open modals in opening order. The top one (deepest, then latest) alone reacts to Escape and traps Tab. */
const stack: StackEntry[] = [];

function top(): StackEntry | undefined {
  let best: StackEntry | undefined;
  for (const entry of stack) if (!best || entry.depth >= best.depth) best = entry;
  return best;
}

/** Body scroll lock shared by nested modals: the first one to open saves the overflow, the last one to close restores it. */
let lockCount = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockScroll() {
  if (lockCount === 0) {
    const body = document.body;
    savedOverflow = body.style.overflow;
    savedPaddingRight = body.style.paddingRight;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  lockCount++;
}

function unlockScroll() {
  lockCount = Math.max(0, lockCount - 1);
  if (lockCount === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.style.paddingRight = savedPaddingRight;
  }
}

export function Modal({
  open,
  onClose,
  title,
  size = 'md',
  closeOnOverlayClick = true,
  closeDisabled = false,
  children,
  footer,
  fill = false,
  scrollFocusable = false,
}: ModalProps) {
  const depth = useContext(DepthContext) + 1;
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressedInside = useRef(false);
  // Latest values for the document listeners, which are attached once per opening.
  const latest = useRef({ onClose, closeDisabled });
  latest.current = { onClose, closeDisabled };

  useEffect(() => {
    if (!open) return;
    const entry: StackEntry = { depth };
    // A nested modal that opened in the same commit has already taken focus (child effects run first).
    const nestedAlreadyOpen = stack.some((other) => other.depth > depth);
    stack.push(entry);
    lockScroll();
    const previouslyFocused = document.activeElement as HTMLElement | null;

    const panel = panelRef.current;
    if (panel && !nestedAlreadyOpen && !panel.contains(document.activeElement)) {
      // First control of the body/footer (not the close button), else the dialog itself.
      const first = focusables(panel).find((el) => el !== closeButtonRef.current && el !== bodyRef.current);
      (first ?? panel).focus();
    }

    const onKeyDown = (e: KeyboardEvent) => {
      if (top() !== entry) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        if (!latest.current.closeDisabled) latest.current.onClose();
        return;
      }
      if (e.key !== 'Tab' || !panelRef.current) return;
      const items = focusables(panelRef.current);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        e.preventDefault();
        panelRef.current.focus();
        return;
      }
      const active = document.activeElement;
      const inside = panelRef.current.contains(active);
      if (e.shiftKey && (active === first || active === panelRef.current || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = stack.indexOf(entry);
      if (index >= 0) stack.splice(index, 1);
      unlockScroll();
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open, depth]);

  if (!open) return null;

  return createPortal(
    <DepthContext.Provider value={depth}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only shortcut; Escape and the close button are the keyboard equivalents. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document. */}
      <div
        data-testid="modal-overlay"
        className={`fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 sm:items-center sm:p-6 ${fill ? 'p-0' : 'p-4 pb-[calc(1rem_+_var(--outbox-space))] sm:pb-[calc(1.5rem_+_var(--outbox-space))]'}`}
        onMouseDown={(e) => {
          pressedInside.current = e.target !== e.currentTarget;
        }}
        onClick={(e) => {
          const startedInside = pressedInside.current;
          pressedInside.current = false;
          if (e.target !== e.currentTarget || startedInside) return;
          if (closeOnOverlayClick && !closeDisabled) onClose();
        }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`relative flex w-full ${SIZES[size]} flex-col bg-white shadow-xl focus:outline-none sm:rounded-xl ${
            fill
              ? 'h-dvh sm:h-[calc(100dvh-3rem)]'
              : 'max-h-[calc(100dvh_-_2rem_-_var(--outbox-space))] rounded-xl sm:max-h-[calc(100dvh_-_3rem_-_var(--outbox-space))]'
          }`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              ref={closeButtonRef}
              type="button"
              aria-label="Fermer"
              onClick={onClose}
              disabled={closeDisabled}
              className="-mr-2 rounded-lg p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <div
            ref={bodyRef}
            className={`relative min-h-0 flex-1 overflow-y-auto px-6 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500 ${
              // A full-screen dialog keeps its last lines scrollable from under the offline banner (index.css).
              fill ? 'pb-[max(1rem,calc(var(--outbox-space)_-_3.5rem))]' : ''
            }`}
            {...(scrollFocusable ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
          >
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4 sm:rounded-b-xl">
              {footer}
            </div>
          )}
        </div>
      </div>
    </DepthContext.Provider>,
    document.body,
  );
}
