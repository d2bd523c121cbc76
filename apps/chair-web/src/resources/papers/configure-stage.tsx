import {
  Alert,
  Button,
  FormControlLabel,
  Grid,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { TRACK_MESSAGES, validateTrackSettings, type TrackDto, type TrackSettings } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { DeadlineField } from '../../components/deadline-field';
import { trackToSettings } from '../../config/track-defaults';
import { useUpdateTrack } from '../tracks/api/mutations';
import { useTracks } from '../tracks/api/queries';

type Stage = 'cameraReady' | 'presentationReady';

const STAGES = {
  cameraReady: {
    title: 'Configure camera-ready',
    activity: 'canSubmitCameraReady',
    props: 'cameraReadySubmissionProperties',
    label: 'Camera-ready submission',
  },
  presentationReady: {
    title: 'Configure presentation-ready',
    activity: 'canSubmitPresentationReady',
    props: 'presentationReadySubmissionProperties',
    label: 'Presentation-ready submission',
  },
} as const;

/**
 * /ConfigureCameraReady and /ConfigurePresentationReady: per track, the stage's activity (enabled + UTC
 * deadline) and its submission properties, saved through PUT /api/chair/tracks/{trackId}.
 */
export function ConfigureStage({ stage }: { stage: Stage }) {
  const tracks = useTracks();
  return (
    <>
      <PageTitle
        title={STAGES[stage].title}
        subtitle="Deadlines are entered in local time and stored in UTC."
      />
      <QueryView query={tracks}>
        {(list) =>
          list.length === 0 ? (
            <Alert severity="info">There are no tracks yet.</Alert>
          ) : (
            list.map((t) => <StageTrackForm key={`${t._id}-${stage}`} track={t} stage={stage} />)
          )
        }
      </QueryView>
    </>
  );
}

function StageTrackForm({ track, stage }: { track: TrackDto; stage: Stage }) {
  const s = STAGES[stage];
  const notify = useNotify();
  const update = useUpdateTrack();
  const [activity, setActivity] = useState(track.activities[s.activity]);
  const [welcome, setWelcome] = useState(track[s.props].welcomeMessage);
  const [sizeLimit, setSizeLimit] = useState(String(track[s.props].fileSizeLimit));
  const [allowed, setAllowed] = useState(track.cameraReadySubmissionProperties.allowedFiles.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const settings: TrackSettings = trackToSettings(track);
    settings.activities[s.activity] = activity;
    const fileSizeLimit = /^\s*\d+\s*$/.test(sizeLimit) ? Number(sizeLimit) : NaN;
    const allowedFiles = [
      ...new Set(
        allowed
          .split(/[\s,;]+/)
          .map((x) => x.trim().replace(/^\./, '').toLowerCase())
          .filter(Boolean),
      ),
    ];
    const properties =
      stage === 'cameraReady'
        ? { welcomeMessage: welcome, fileSizeLimit, allowedFiles }
        : { welcomeMessage: welcome, fileSizeLimit };
    Object.assign(settings[s.props], properties);
    // The same rules and messages as the API (libs/domain); only this stage's fields matter here.
    const found = Object.fromEntries(
      Object.entries(validateTrackSettings(settings)).filter(
        ([k]) => k.startsWith(s.props) || k === `activities.${s.activity}.deadline`,
      ),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      { id: track._id, body: { activities: settings.activities, [s.props]: properties } },
      {
        onSuccess: () => notify(TRACK_MESSAGES.updated),
        onError: (err) => notify(errorMessage(err, TRACK_MESSAGES.updateFailed), 'error'),
      },
    );
  };
  const firstError = Object.values(errors)[0];

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="form"
      onSubmit={submit}
      noValidate
      data-testid={`track-${track._id}`}
      aria-label={track.name}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {track.name}
      </Typography>
      {firstError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {firstError}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControlLabel
            control={
              <Switch
                name={`${s.activity}.status`}
                checked={activity.status}
                slotProps={{ input: { 'aria-label': `${track.name}: ${s.label} enabled` } }}
                onChange={(e) => setActivity({ ...activity, status: e.target.checked })}
              />
            }
            label={`${s.label} enabled`}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <DeadlineField
            label={`${track.name} deadline`}
            name={`${s.activity}.deadline`}
            value={activity.deadline}
            error={errors[`activities.${s.activity}.deadline`]}
            onChange={(deadline) => setActivity({ ...activity, deadline })}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={`${track.name} welcome message`}
            name="welcomeMessage"
            multiline
            minRows={2}
            value={welcome}
            onChange={(e) => setWelcome(e.target.value)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={`${track.name} file size limit`}
            name="fileSizeLimit"
            type="number"
            value={sizeLimit}
            error={Boolean(errors[`${s.props}.fileSizeLimit`])}
            helperText={errors[`${s.props}.fileSizeLimit`] ?? 'MB'}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            onChange={(e) => setSizeLimit(e.target.value)}
          />
        </Grid>
        {stage === 'cameraReady' ? (
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              label={`${track.name} allowed files`}
              name="allowedFiles"
              value={allowed}
              error={Boolean(errors['cameraReadySubmissionProperties.allowedFiles'])}
              helperText={
                errors['cameraReadySubmissionProperties.allowedFiles'] ??
                'File extensions, separated by commas'
              }
              onChange={(e) => setAllowed(e.target.value)}
            />
          </Grid>
        ) : null}
      </Grid>
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button type="submit" disabled={update.isPending} aria-label={`Save ${track.name}`}>
          Save
        </Button>
      </Stack>
    </Paper>
  );
}
