import { Button, List, ListItem, ListItemText, Paper, Stack } from '@mui/material';
import { useNotify } from '@symposium/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ConfirmableMutation } from './confirm-dialog';
import { MoveButtons, moveItem } from './move-buttons';
import { PageTitle } from './page-title';
import { QueryView } from './query-view';

/**
 * An ordered list the chair rearranges with move up / move down, then saves as a whole.
 * `items` is the stored order; saving passes the ids in the new order.
 */
export function SortList<T extends { _id: number }>({
  items,
  label,
  busy,
  onSave,
  onCancel,
}: {
  items: T[];
  label: (item: T) => string;
  busy?: boolean;
  onSave: (ids: number[]) => void;
  onCancel: () => void;
}) {
  const [order, setOrder] = useState<T[]>(items);
  const changed = order.some((item, i) => item._id !== items[i]?._id);
  return (
    <>
      <Paper variant="outlined">
        <List data-testid="sort-list">
          {order.map((item, i) => (
            <ListItem
              key={item._id}
              divider={i < order.length - 1}
              secondaryAction={
                <MoveButtons
                  index={i}
                  count={order.length}
                  name={label(item)}
                  onMove={(from, to) => setOrder(moveItem(order, from, to))}
                />
              }
            >
              <ListItemText primary={`${i + 1}. ${label(item)}`} />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button disabled={busy || !changed} onClick={() => onSave(order.map((x) => x._id))}>
          Save order
        </Button>
        <Button variant="outlined" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </>
  );
}

/**
 * A whole "sort these" screen: the title, the stored order as a SortList (drawn afresh when the stored order
 * changes), saving through `mutation` with a toast either way, and Cancel going back to `backTo`.
 */
export function SortScreen<T extends { _id: number }, R>({
  title,
  subtitle,
  query,
  label,
  mutation,
  backTo,
  sorted,
  failed,
}: {
  title: string;
  subtitle?: string;
  query: UseQueryResult<T[]>;
  label: (item: T) => string;
  mutation: ConfirmableMutation<number[], R>;
  backTo: string;
  /** The toast of a saved order. */
  sorted: string;
  /** The toast of a refused one. */
  failed: (err: Error) => string;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={title} subtitle={subtitle} />
      <QueryView query={query}>
        {(data) => (
          <SortList
            key={data.map((item) => item._id).join(',')}
            items={data}
            label={label}
            busy={mutation.isPending}
            onCancel={() => void navigate(backTo)}
            onSave={(ids) =>
              mutation.mutate(ids, {
                onSuccess: () => notify(sorted),
                onError: (err) => notify(failed(err), 'error'),
              })
            }
          />
        )}
      </QueryView>
    </>
  );
}
