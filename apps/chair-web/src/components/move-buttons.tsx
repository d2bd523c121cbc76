import { IconButton, Stack, SvgIcon } from '@mui/material';

/**
 * Moves an item of an ordered list one place up or down: two arrow buttons named "Move <name> up/down". They show
 * an arrow, not the words, so the accessible name carries no visible text it could contradict (axe
 * label-content-name-mismatch) and the pair stays narrow on a phone; the name is also the hover tooltip.
 */
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
  const up = `Move ${name} up`;
  const down = `Move ${name} down`;
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={`Move ${name}`}>
      <IconButton
        size="small"
        aria-label={up}
        title={up}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        sx={arrowSx}
      >
        <SvgIcon fontSize="small" aria-hidden>
          <path d="M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z" />
        </SvgIcon>
      </IconButton>
      <IconButton
        size="small"
        aria-label={down}
        title={down}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        sx={arrowSx}
      >
        <SvgIcon fontSize="small" aria-hidden>
          <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z" />
        </SvgIcon>
      </IconButton>
    </Stack>
  );
}

const arrowSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  color: 'primary.main',
  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' },
} as const;

/** A copy of `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
