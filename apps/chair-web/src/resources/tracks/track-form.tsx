import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  FormControlLabel,
  FormHelperText,
  Grid,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEFAULT_CAMERA_READY_PROPERTIES,
  validateTrackSettings,
  type TrackActivities,
  type TrackSettings,
} from '@symposium/domain';
import { useSession } from '@symposium/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DeadlineField } from '../../components/deadline-field';
import { ErrorAlert } from '../../components/error-alert';
import { SwitchField } from '../../components/switch-field';
import { SubjectAreasEditor, type SubjectAreaItem } from './subject-areas-editor';
import { ACTIVITIES } from '../../config/track-defaults';

type NumberField =
  'abstractLength' | 'minFilesLimit' | 'maxFilesLimit' | 'crFileSizeLimit' | 'prFileSizeLimit';

/** Where each number lives in the track (the field names of validateTrackSettings and the API). */
const NUMBER_PATHS: Record<NumberField, string> = {
  abstractLength: 'submissionProperties.abstractLength',
  minFilesLimit: 'submissionProperties.minFilesLimit',
  maxFilesLimit: 'submissionProperties.maxFilesLimit',
  crFileSizeLimit: 'cameraReadySubmissionProperties.fileSizeLimit',
  prFileSizeLimit: 'presentationReadySubmissionProperties.fileSizeLimit',
};

type WelcomeField = 'submissionWelcome' | 'cameraReadyWelcome' | 'presentationReadyWelcome';

interface FormState {
  name: string;
  activities: TrackActivities;
  subjectAreas: SubjectAreaItem[];
  submissionWelcome: string;
  cameraReadyWelcome: string;
  presentationReadyWelcome: string;
  allowedFiles: string[];
  numbers: Record<NumberField, string>;
  discussionBeforeReview: boolean;
}

const toState = (t: TrackSettings): FormState => ({
  name: t.name,
  activities: structuredClone(t.activities),
  subjectAreas: t.subjectAreas.map((s, i) => ({
    _id: s._id,
    key: s._id ? `id-${s._id}` : `init-${i}`,
    name: s.name,
  })),
  submissionWelcome: t.submissionProperties.welcomeMessage,
  cameraReadyWelcome: t.cameraReadySubmissionProperties.welcomeMessage,
  presentationReadyWelcome: t.presentationReadySubmissionProperties.welcomeMessage,
  allowedFiles: [...t.cameraReadySubmissionProperties.allowedFiles],
  numbers: {
    abstractLength: String(t.submissionProperties.abstractLength),
    minFilesLimit: String(t.submissionProperties.minFilesLimit),
    maxFilesLimit: String(t.submissionProperties.maxFilesLimit),
    crFileSizeLimit: String(t.cameraReadySubmissionProperties.fileSizeLimit),
    prFileSizeLimit: String(t.presentationReadySubmissionProperties.fileSizeLimit),
  },
  discussionBeforeReview: t.discussionBeforeReview ?? false,
});

/** A whole number, or NaN (which the shared rules refuse with the field's message). */
const toInt = (raw: string) => (/^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN);

/** The form as track settings (questions kept from the initial track). */
function toSettings(s: FormState, initial: TrackSettings): TrackSettings {
  return {
    name: s.name.trim(),
    activities: s.activities,
    subjectAreas: s.subjectAreas.map((a) =>
      a._id ? { _id: a._id, name: a.name.trim() } : { name: a.name.trim() },
    ),
    submissionProperties: {
      welcomeMessage: s.submissionWelcome,
      abstractLength: toInt(s.numbers.abstractLength),
      minFilesLimit: toInt(s.numbers.minFilesLimit),
      maxFilesLimit: toInt(s.numbers.maxFilesLimit),
      questions: initial.submissionProperties.questions,
    },
    cameraReadySubmissionProperties: {
      welcomeMessage: s.cameraReadyWelcome,
      fileSizeLimit: toInt(s.numbers.crFileSizeLimit),
      allowedFiles: s.allowedFiles,
      questions: initial.cameraReadySubmissionProperties.questions,
    },
    presentationReadySubmissionProperties: {
      welcomeMessage: s.presentationReadyWelcome,
      fileSizeLimit: toInt(s.numbers.prFileSizeLimit),
      questions: initial.presentationReadySubmissionProperties.questions,
    },
    discussionBeforeReview: s.discussionBeforeReview,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The one track form of /AddTrack/ and /EditTrack/{trackId}. */
export function TrackForm({
  initial,
  submitLabel,
  busy,
  serverError,
  serverFieldErrors = {},
  onSubmit,
  onCancel,
}: {
  initial: TrackSettings;
  submitLabel: string;
  busy?: boolean;
  serverError?: string;
  /** Field → message from the API's details (same dotted names as validateTrackSettings). */
  serverFieldErrors?: Record<string, string>;
  onSubmit: (body: TrackSettings) => void;
  onCancel: () => void;
}) {
  const [s, setS] = useState<FormState>(() => toState(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const shown = { ...serverFieldErrors, ...errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toSettings(s, initial);
    // The same rules and messages as the API (libs/domain).
    const found = validateTrackSettings(body);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(body);
  };
  const welcomeField = (key: WelcomeField, label: string) => (
    <TextField
      label={label}
      name={key}
      multiline
      minRows={3}
      value={s[key]}
      onChange={(e) => setS({ ...s, [key]: e.target.value })}
    />
  );
  const numberField = (key: NumberField, label: string, unit?: string) => (
    <TextField
      label={label}
      name={key}
      type="number"
      value={s.numbers[key]}
      error={Boolean(shown[NUMBER_PATHS[key]])}
      helperText={shown[NUMBER_PATHS[key]] ?? unit}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      onChange={(e) => setS({ ...s, numbers: { ...s.numbers, [key]: e.target.value } })}
    />
  );
  const firstError = Object.values(errors)[0];

  return (
    <form onSubmit={submit} noValidate>
      <ErrorAlert message={serverError ?? ''} />
      {firstError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {firstError}
        </Alert>
      ) : null}
      <Section title="Track">
        <TextField
          label="Track name"
          name="name"
          required
          value={s.name}
          error={Boolean(shown.name)}
          helperText={shown.name}
          onChange={(e) => setS({ ...s, name: e.target.value })}
        />
      </Section>
      <ActivitySettings s={s} setS={setS} shown={shown} />
      <Section title="Subject areas">
        <SubjectAreasEditor
          items={s.subjectAreas}
          errors={shown}
          onChange={(subjectAreas) => setS({ ...s, subjectAreas })}
        />
      </Section>
      <Section title="Paper submission">
        {welcomeField('submissionWelcome', 'Submission welcome message')}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            {numberField('abstractLength', 'Abstract length', 'characters')}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>{numberField('minFilesLimit', 'Minimum number of files')}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>{numberField('maxFilesLimit', 'Maximum number of files')}</Grid>
        </Grid>
      </Section>
      <Section title="Camera-ready">
        {welcomeField('cameraReadyWelcome', 'Camera-ready welcome message')}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            {numberField('crFileSizeLimit', 'Camera-ready file size limit', 'MB')}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <AllowedFilesField s={s} setS={setS} shown={shown} />
          </Grid>
        </Grid>
      </Section>
      <Section title="Presentation-ready">
        {welcomeField('presentationReadyWelcome', 'Presentation-ready welcome message')}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            {numberField('prFileSizeLimit', 'Presentation-ready file size limit', 'MB')}
          </Grid>
        </Grid>
      </Section>
      <Section title="Reviews">
        <FormControlLabel
          control={
            <Switch
              name="discussionBeforeReview"
              checked={s.discussionBeforeReview}
              onChange={(e) => setS({ ...s, discussionBeforeReview: e.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'discussion-before-review-help' } }}
            />
          }
          label="Discussion before review"
        />
        <FormHelperText id="discussion-before-review-help">
          On: the reviewers of a paper read its discussion and the other reviews before submitting their own
          review. Off: only once they have submitted it.
        </FormHelperText>
      </Section>
      <Stack direction="row" spacing={1}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}

/** The form state, how a part changes it, and the field errors on show. */
interface PartProps {
  s: FormState;
  setS: (s: FormState) => void;
  shown: Record<string, string>;
}

/** Each activity: enabled or not, and its deadline. */
function ActivitySettings({ s, setS, shown }: PartProps) {
  const setActivity = (key: keyof TrackActivities, patch: Partial<TrackActivities[keyof TrackActivities]>) =>
    setS({ ...s, activities: { ...s.activities, [key]: { ...s.activities[key], ...patch } } });
  return (
    <Section title="Activities">
      <Grid container spacing={2}>
        {ACTIVITIES.map(({ key, label }) => (
          <Grid key={key} size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <SwitchField
                name={`${key}.status`}
                label={`${label} enabled`}
                checked={s.activities[key].status}
                onChange={(status) => setActivity(key, { status })}
              />
              <DeadlineField
                label={`${label} deadline`}
                name={`${key}.deadline`}
                value={s.activities[key].deadline}
                error={shown[`activities.${key}.deadline`]}
                onChange={(deadline) => setActivity(key, { deadline })}
              />
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}

/** The file extensions a camera-ready may have: the conference's upload extensions offered, others typed. */
function AllowedFilesField({ s, setS, shown }: PartProps) {
  const { utils } = useSession();
  const uploadExtensions = utils?.editPaperSubmissionValues.allowedUploadExtensions;
  const extensionOptions = Array.isArray(uploadExtensions)
    ? uploadExtensions.map(String)
    : DEFAULT_CAMERA_READY_PROPERTIES.allowedFiles;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={extensionOptions}
      value={s.allowedFiles}
      onChange={(_e, value) =>
        setS({
          ...s,
          allowedFiles: [
            ...new Set(value.map((v) => v.trim().replace(/^\./, '').toLowerCase()).filter(Boolean)),
          ],
        })
      }
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Allowed camera-ready files"
          error={Boolean(shown['cameraReadySubmissionProperties.allowedFiles'])}
          helperText={shown['cameraReadySubmissionProperties.allowedFiles'] ?? 'File extensions'}
        />
      )}
    />
  );
}
