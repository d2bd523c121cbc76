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
import {
  canonicalTimeZone,
  CONFERENCE_MESSAGES,
  CONFERENCE_REQUIRED_FIELDS,
  missingConferenceFields,
  type ConferenceDto,
} from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { ImageField, type ImageChange } from './image-field';
import { useConference } from './api/queries';
import { useUpdateConference } from './api/mutations';

type TextFieldName =
  | 'shortName'
  | 'fullName'
  | 'externalURL'
  | 'dates'
  | 'city'
  | 'country'
  | 'copyright'
  | 'support'
  | 'hotel'
  | 'address'
  | 'programTable';

/** The conference fields the API requires (libs/domain CONFERENCE_REQUIRED_FIELDS). */
const REQUIRED = new Set<string>(CONFERENCE_REQUIRED_FIELDS);

const FIELDS: { name: TextFieldName; label: string; multiline?: boolean; wide?: boolean }[] = [
  { name: 'shortName', label: 'Short name' },
  { name: 'fullName', label: 'Full name', wide: true },
  { name: 'externalURL', label: 'External URL' },
  { name: 'dates', label: 'Dates' },
  { name: 'city', label: 'City' },
  { name: 'country', label: 'Country' },
  { name: 'copyright', label: 'Copyright', wide: true },
  { name: 'support', label: 'Support contact', wide: true },
  { name: 'hotel', label: 'Hotel', wide: true, multiline: true },
  { name: 'address', label: 'Address', wide: true, multiline: true },
  { name: 'programTable', label: 'Programme table (HTML)', wide: true, multiline: true },
];

/** /ConferenceInformation: every conference field, banner and logo with preview, author view switch. */
export function ConferenceInformation() {
  const conference = useConference();
  return (
    <>
      <PageTitle title="Conference information" />
      <QueryView query={conference}>
        {(data) => <ConferenceForm key={data._id} conference={data} />}
      </QueryView>
    </>
  );
}

function ConferenceForm({ conference }: { conference: ConferenceDto }) {
  const notify = useNotify();
  const update = useUpdateConference();
  const [form, setForm] = useState<Record<TextFieldName, string>>(() => {
    const out = {} as Record<TextFieldName, string>;
    for (const f of FIELDS) out[f.name] = conference[f.name] ?? '';
    return out;
  });
  const [viewTrackStatus, setViewTrackStatus] = useState(conference.authorView.viewConferenceTrackStatus);
  const [viewOrganizations, setViewOrganizations] = useState(
    conference.authorView.viewProgrammeOrganizations,
  );
  // Programme times are local to this IANA zone (the API answers its canonical name).
  const [timeZone, setTimeZone] = useState(conference.timeZone ?? 'UTC');
  const [timeZoneError, setTimeZoneError] = useState('');
  const [banner, setBanner] = useState<ImageChange>(null);
  const [logo, setLogo] = useState<ImageChange>(null);
  const [imageErrors, setImageErrors] = useState<{ banner?: string; logo?: string }>({});
  const [missing, setMissing] = useState<TextFieldName[]>([]);
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const empty = missingConferenceFields(form) as TextFieldName[];
    setMissing(empty);
    const zone = canonicalTimeZone(timeZone);
    setTimeZoneError(zone ? '' : CONFERENCE_MESSAGES.timeZone);
    if (empty.length) {
      setError(CONFERENCE_MESSAGES.fillAll);
      notify(CONFERENCE_MESSAGES.fillAll, 'error');
      return;
    }
    if (!zone) {
      setError(CONFERENCE_MESSAGES.timeZone);
      notify(CONFERENCE_MESSAGES.timeZone, 'error');
      return;
    }
    const body = new FormData();
    for (const f of FIELDS) body.append(f.name, form[f.name]);
    body.append(
      'authorView',
      JSON.stringify({
        viewConferenceTrackStatus: viewTrackStatus,
        viewProgrammeOrganizations: viewOrganizations,
      }),
    );
    body.append('timeZone', zone);
    // Images: a file replaces, '' removes, absent keeps (publisher fields are left to their own screen).
    for (const [name, change] of [
      ['banner', banner],
      ['logo', logo],
    ] as const) {
      if (change instanceof File) body.append(name, change);
      else if (change === 'remove') body.append(name, '');
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        setBanner(null);
        setLogo(null);
        setTimeZone(saved.timeZone ?? zone);
        notify('The conference information was successfully updated!');
      },
      onError: (err) => {
        const message = errorMessage(err, CONFERENCE_MESSAGES.fillAll);
        if (err instanceof ApiError) {
          const fields = Object.keys(err.fieldErrors()) as TextFieldName[];
          if (fields.length) setMissing(fields);
        }
        setError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2}>
          {FIELDS.map((f) => (
            <Grid key={f.name} size={{ xs: 12, md: f.wide ? 12 : 6 }}>
              <TextField
                label={f.label}
                name={f.name}
                required={REQUIRED.has(f.name)}
                value={form[f.name]}
                multiline={f.multiline}
                minRows={f.multiline ? (f.name === 'programTable' ? 6 : 2) : undefined}
                error={missing.includes(f.name)}
                helperText={missing.includes(f.name) ? CONFERENCE_MESSAGES.fillAll : undefined}
                onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Time zone"
              name="timeZone"
              required
              value={timeZone}
              placeholder="Europe/Lisbon"
              error={Boolean(timeZoneError)}
              helperText={
                timeZoneError || 'IANA name, e.g. Europe/Lisbon; every programme time is local to it'
              }
              onChange={(e) => setTimeZone(e.target.value)}
            />
          </Grid>
        </Grid>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              name="viewConferenceTrackStatus"
              checked={viewTrackStatus}
              onChange={(e) => setViewTrackStatus(e.target.checked)}
            />
          }
          label="Authors can see the conference track status"
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              name="viewProgrammeOrganizations"
              checked={viewOrganizations}
              onChange={(e) => setViewOrganizations(e.target.checked)}
            />
          }
          label="The published programme shows organizations beside names"
        />
      </Paper>
      <Typography variant="h6" component="h2" gutterBottom>
        Images
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ImageField
            label="Banner"
            name="banner"
            currentUrl={conference.banner}
            change={banner}
            error={imageErrors.banner}
            onChange={(change, err) => {
              setBanner(change);
              setImageErrors({ ...imageErrors, banner: err });
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ImageField
            label="Logo"
            name="logo"
            currentUrl={conference.logo}
            change={logo}
            error={imageErrors.logo}
            onChange={(change, err) => {
              setLogo(change);
              setImageErrors({ ...imageErrors, logo: err });
            }}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1}>
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
