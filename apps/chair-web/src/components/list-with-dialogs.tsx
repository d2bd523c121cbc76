import { Button, Stack, TableCell, TableRow } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmMutationDialog, type ConfirmableMutation } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { ItemTable, type ItemColumn } from './data-table';
import { QueryView } from './query-view';

/** Which item a list screen's dialogs are open for: the add/edit form ('new': adding) and the delete question. */
export function useListDialogs<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    deleting,
    add: () => setEditing('new'),
    edit: (item: T) => setEditing(item),
    remove: (item: T) => setDeleting(item),
    closeEdit: () => setEditing(null),
    closeDelete: () => setDeleting(null),
  };
}

export type ListDialogs<T> = ReturnType<typeof useListDialogs<T>>;

/** A small outlined row button whose accessible name adds what it acts on: "Edit Room A". */
export function ActionButton({
  label,
  name,
  color,
  disabled,
  onClick,
}: {
  label: string;
  name: string;
  color?: 'error';
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      color={color}
      aria-label={`${label} ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** An item's Edit and Delete buttons ("Edit day" / "Delete day" with `noun`). */
export function EditDeleteButtons({
  name,
  noun,
  onEdit,
  onDelete,
}: {
  name: string;
  noun?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const suffix = noun ? ` ${noun}` : '';
  return (
    <>
      <ActionButton label={`Edit${suffix}`} name={name} onClick={onEdit} />
      <ActionButton label={`Delete${suffix}`} name={name} color="error" onClick={onDelete} />
    </>
  );
}

/** How a list screen deletes an item: the question, the write, and what it says afterwards. */
export interface Deletion<T, V, R> {
  title: string | ((item: T) => string);
  /** The text of the question. */
  text: (item: T) => ReactNode;
  mutation: ConfirmableMutation<V, R>;
  variables: (item: T) => V;
  done: string | ((result: R) => string);
  failed?: (err: Error) => string;
  /** A refusal also stays on the screen, in an alert with this test id, until dismissed. */
  errorTestId?: string;
}

/**
 * A list screen's table of items, each row with Edit and Delete (after `actions`, e.g. move buttons), the
 * add/edit form dialog `form` draws (item null: adding) and the delete confirmation, whose write refreshes
 * the list through the resource's mutations. `header` stands above the table (an add form), `footer` below
 * it; `empty` replaces the table when there are no items (else the row `emptyText`). `dialogs` passes the
 * dialog state in when a button outside the list opens the add form.
 */
export function ListWithDialogs<T, V, R>({
  items,
  label,
  columns,
  bodyTestId,
  emptyText,
  empty,
  outlined,
  rowTestId,
  name,
  cells,
  actions,
  header,
  footer,
  form,
  deletion,
  dialogs: outer,
}: {
  items: T[] | UseQueryResult<T[]>;
  label: string;
  /** The columns of `cells`; the Actions column follows. */
  columns: ItemColumn[];
  bodyTestId?: string;
  emptyText?: string;
  empty?: ReactNode;
  outlined?: boolean;
  rowTestId: (item: T) => string;
  /** What the Edit and Delete buttons name: "Edit <name>". */
  name: (item: T) => string;
  cells: (item: T) => ReactNode;
  actions?: (item: T, index: number, items: T[]) => ReactNode;
  header?: ReactNode;
  footer?: ReactNode;
  form: (item: T | null, close: () => void) => ReactNode;
  deletion: Deletion<T, V, R>;
  dialogs?: ListDialogs<T>;
}) {
  const own = useListDialogs<T>();
  const dialogs = outer ?? own;
  const [error, setError] = useState('');
  const { errorTestId } = deletion;
  const table = (list: T[]) =>
    empty && list.length === 0 ? (
      empty
    ) : (
      <ItemTable
        label={label}
        columns={[...columns, { label: 'Actions', align: 'right' }]}
        rows={list}
        bodyTestId={bodyTestId}
        emptyText={emptyText}
        outlined={outlined}
        renderRow={(item, index) => (
          <TableRow key={rowTestId(item)} data-testid={rowTestId(item)}>
            {cells(item)}
            <TableCell align="right">
              <Stack direction="row" spacing={1} justifyContent="flex-end">
                {actions?.(item, index, list)}
                <EditDeleteButtons
                  name={name(item)}
                  onEdit={() => dialogs.edit(item)}
                  onDelete={() => dialogs.remove(item)}
                />
              </Stack>
            </TableCell>
          </TableRow>
        )}
      />
    );
  return (
    <>
      <ErrorAlert message={error} testId={errorTestId} onClose={() => setError('')} />
      {header}
      {Array.isArray(items) ? table(items) : <QueryView query={items}>{table}</QueryView>}
      {footer}
      {dialogs.editing ? form(dialogs.editing === 'new' ? null : dialogs.editing, dialogs.closeEdit) : null}
      <ConfirmMutationDialog
        item={dialogs.deleting}
        title={deletion.title}
        mutation={deletion.mutation}
        variables={deletion.variables}
        done={deletion.done}
        failed={deletion.failed}
        onStart={errorTestId ? () => setError('') : undefined}
        onFailure={errorTestId ? setError : undefined}
        onClose={dialogs.closeDelete}
      >
        {deletion.text}
      </ConfirmMutationDialog>
    </>
  );
}
