import { type FocusEvent, useLayoutEffect, useRef } from 'react';

/**
 * Keeps keyboard users in a list whose rows change under them: when the focused control disappears with its row
 * (e.g. the row was just deleted), focus moves to the first focusable row, else to the list itself, instead of
 * falling back to the top of the page.
 */
export function useKeepFocus<E extends HTMLElement>(rows: unknown) {
  const ref = useRef<E>(null);
  const focusedWithin = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, which is the point.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !focusedWithin.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const target = root.querySelector<HTMLElement>('[tabindex="0"]') ?? root;
    target.focus();
  }, [rows]);

  return {
    ref,
    onFocus: () => {
      focusedWithin.current = true;
    },
    onBlur: (e: FocusEvent<E>) => {
      const next = e.relatedTarget as Node | null;
      if (next) {
        // Focus went to another element (a modal, the toolbar): no longer ours to restore.
        if (!e.currentTarget.contains(next)) focusedWithin.current = false;
        return;
      }
      // Focus went nowhere: the user clicked the page background (the control is still there), or the control was
      // removed with its row, which the layout effect above handles first.
      const left = e.target;
      requestAnimationFrame(() => {
        if (left.isConnected) focusedWithin.current = false;
      });
    },
  };
}
