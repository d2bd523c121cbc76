import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { TrackDto } from '@symposium/domain';
import { nativeSelect } from '../../components/select-field';

/** The track to work on (the caller's tracks) and whether the reviews are of the camera-ready version. */
export function TrackPicker({
  tracks,
  track,
  onTrack,
  isCameraReady,
  onCameraReady,
  disabled,
}: {
  tracks: TrackDto[];
  track: number | null;
  onTrack: (track: number | null) => void;
  isCameraReady: boolean;
  onCameraReady: (value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
      <TextField
        select
        label="Track"
        name="track"
        value={track === null ? '' : String(track)}
        disabled={disabled}
        sx={{ minWidth: 280 }}
        slotProps={nativeSelect}
        onChange={(e) => onTrack(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Choose a track</option>
        {tracks.map((t) => (
          <option key={t._id} value={String(t._id)}>
            {t.name}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={isCameraReady}
            disabled={disabled}
            onChange={(e) => onCameraReady(e.target.checked)}
          />
        }
        label="Camera-ready reviews"
      />
    </Stack>
  );
}
