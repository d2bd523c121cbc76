import { useState } from 'react';

/**
 * Rows ticked across the pages of a paged list, by id, each with what the list keeps of it (`valueOf`):
 * tick one, tick or untick the whole page on show, clear.
 */
export function usePageSelection<T extends { _id: number }, V>(rows: T[], valueOf: (row: T) => V) {
  const [selected, setSelected] = useState<Map<number, V>>(new Map());
  const toggle = (row: T) => {
    const next = new Map(selected);
    if (next.has(row._id)) next.delete(row._id);
    else next.set(row._id, valueOf(row));
    setSelected(next);
  };
  const pageAll = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const togglePage = () => {
    const next = new Map(selected);
    if (pageAll) rows.forEach((r) => next.delete(r._id));
    else rows.forEach((r) => next.set(r._id, valueOf(r)));
    setSelected(next);
  };
  return {
    selected,
    has: (id: number) => selected.has(id),
    toggle,
    clear: () => setSelected(new Map()),
    /** For the select-all checkbox of the page. */
    pageHeader: {
      checked: pageAll,
      indeterminate: !pageAll && rows.some((r) => selected.has(r._id)),
      onChange: togglePage,
    },
  };
}
