import { BULK_LABELS } from '@gmao/domain/interventions/bulk-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { useState } from 'react';
import type { DataTableColumn } from '../../../../components/ui/data-table';
import { CHECKBOX_TAP_AREA } from '../../../../components/ui/tap-target';

const box = 'h-4 w-4 rounded border-slate-300 text-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500';

/** Selected intervention ids (kept across pages until cleared). */
export function useRowSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const togglePage = (ids: number[]) =>
    setSelected((s) => {
      const next = new Set(s);
      const all = ids.every((id) => next.has(id));
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  return { selected, toggle, togglePage, clear: () => setSelected(new Set()) };
}

/** A first column of checkboxes (on the rows `selectable` accepts), with a 'select the page' box in the header. */
export function selectionColumn(
  selection: ReturnType<typeof useRowSelection>,
  pageIds: number[],
  selectable: (row: Intervention) => boolean = () => true,
): DataTableColumn<Intervention> {
  const { selected, toggle, togglePage } = selection;
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return {
    key: 'select',
    className: 'w-12',
    header: (
      <label className={CHECKBOX_TAP_AREA}>
        <input
          type="checkbox"
          className={box}
          aria-label={BULK_LABELS.selectPage}
          checked={all}
          disabled={pageIds.length === 0}
          onChange={() => togglePage(pageIds)}
        />
      </label>
    ),
    render: (r) =>
      selectable(r) && (
        <label className={CHECKBOX_TAP_AREA}>
          <input
            type="checkbox"
            className={box}
            aria-label={BULK_LABELS.selectRow(r.id)}
            checked={selected.has(r.id)}
            onChange={() => toggle(r.id)}
          />
        </label>
      ),
  };
}
