import { Button, ButtonGroup } from '@mui/material';

/** Moves an item of an ordered list one place up or down. */
export function MoveButtons({
  index,
  count,
  name,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <ButtonGroup size="small" variant="outlined">
      <Button aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        Move up
      </Button>
      <Button
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        Move down
      </Button>
    </ButtonGroup>
  );
}

/** A copy of `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
