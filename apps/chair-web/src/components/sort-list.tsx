import { Button, List, ListItem, ListItemText, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { MoveButtons, moveItem } from './move-buttons';

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
