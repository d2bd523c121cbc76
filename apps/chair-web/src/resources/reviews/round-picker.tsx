import { TextField } from '@mui/material';
import { nativeSelect } from '../../components/select-field';
import { useRounds } from './api/queries';

/** The review round of an assignment: the rounds of the chosen track (R1 by default). */
export function RoundPicker({
  track,
  round,
  onRound,
  disabled,
}: {
  track: number | null;
  round: number;
  onRound: (round: number) => void;
  disabled?: boolean;
}) {
  const rounds = useRounds(track);
  const list = rounds.data ?? [{ number: 1, name: 'R1' }];
  return (
    <TextField
      select
      label="Review round"
      name="round"
      value={String(round)}
      disabled={disabled || track === null}
      sx={{ minWidth: 180 }}
      slotProps={nativeSelect}
      onChange={(e) => onRound(Number(e.target.value))}
    >
      {list.map((r) => (
        <option key={r.number} value={String(r.number)}>
          {r.name}
        </option>
      ))}
    </TextField>
  );
}
