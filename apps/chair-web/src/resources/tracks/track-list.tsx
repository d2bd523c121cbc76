import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Grid,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { TRACK_MESSAGES, type TrackActivities, type TrackDto } from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { DeadlineField } from '../../components/deadline-field';
import { ACTIVITIES, type ActivityKey } from '../../config/track-defaults';
import { useUpdateTrack } from './api/mutations';
import { useTracks } from './api/queries';

/** /EditAllTracks/: every track with its activities, editable in place. */
export function TrackList() {
  const tracks = useTracks();
  return (
    <>
      <PageTitle
        title="Tracks"
        actions={
          <>
            <Button component={Link} to={paths.addTrack}>
              Add track
            </Button>
            <Button component={Link} to={paths.sortTracks} variant="outlined">
              Sort tracks
            </Button>
          </>
        }
      />
      <QueryView query={tracks}>
        {(data) =>
          data.length === 0 ? (
            <Alert severity="info">There are no tracks yet. Add the first one.</Alert>
          ) : (
            <Stack spacing={2} data-testid="track-list">
              {data.map((track) => (
                <TrackCard key={track._id} track={track} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </>
  );
}

function TrackCard({ track }: { track: TrackDto }) {
  const update = useUpdateTrack();
  const notify = useNotify();
  const save = (key: ActivityKey, change: Partial<TrackActivities[ActivityKey]>, onFail?: () => void) => {
    const activities: TrackActivities = {
      ...track.activities,
      [key]: { ...track.activities[key], ...change },
    };
    update.mutate(
      { id: track._id, body: { activities } },
      {
        onSuccess: () => notify(TRACK_MESSAGES.updated),
        onError: () => {
          notify(TRACK_MESSAGES.listUpdateFailed, 'error');
          onFail?.();
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`track-${track._id}`}>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={2}>
        <Box>
          <Typography variant="h6" component="h2">
            {track.name}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
            {track.subjectAreas.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No subject areas
              </Typography>
            ) : (
              track.subjectAreas.map((s) => <Chip key={s._id} size="small" label={s.name} />)
            )}
          </Stack>
        </Box>
        <Button
          component={Link}
          to={paths.editTrack(track._id)}
          variant="outlined"
          aria-label={`Edit ${track.name}`}
        >
          Edit
        </Button>
      </Stack>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {ACTIVITIES.map(({ key, label }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={track.activities[key].status}
                  disabled={update.isPending}
                  onChange={(e) => save(key, { status: e.target.checked })}
                  slotProps={{ input: { 'aria-label': `${track.name}: ${label} enabled` } }}
                />
              }
              label={label}
            />
            <DeadlineCell
              label={`${label} deadline`}
              stored={track.activities[key].deadline}
              onCommit={(deadline, revert) => save(key, { deadline }, revert)}
            />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

/** Edits a deadline in place; saves when the field loses focus with a changed value. */
function DeadlineCell({
  label,
  stored,
  onCommit,
}: {
  label: string;
  stored: string | null;
  onCommit: (deadline: string | null, revert: () => void) => void;
}) {
  const [value, setValue] = useState(stored);
  const [lastStored, setLastStored] = useState(stored);
  if (stored !== lastStored) {
    // The stored value changed (saved here or elsewhere): show it.
    setLastStored(stored);
    setValue(stored);
  }
  return (
    <DeadlineField
      label={label}
      value={value}
      onChange={setValue}
      onBlur={() => {
        if (value !== stored) onCommit(value, () => setValue(stored));
      }}
    />
  );
}
