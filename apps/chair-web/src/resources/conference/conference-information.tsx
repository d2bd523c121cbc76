import { Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  canonicalTimeZone,
  CONFERENCE_MESSAGES,
  CONFERENCE_REQUIRED_FIELDS,
  missingConferenceFields,
  type ConferenceDto,
} from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { SwitchField } from '../../components/switch-field';
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

type ConferenceText = Record<TextFieldName, string>;
type AuthorView = ConferenceDto['authorView'];
type ImageName = 'banner' | 'logo';

/** The multipart body of a save: the text fields, the author view, the time zone and the changed images. */
function conferenceBody(
  form: ConferenceText,
  authorView: AuthorView,
  timeZone: string,
  images: Record<ImageName, ImageChange>,
): FormData {
  const body = new FormData();
  for (const f of FIELDS) body.append(f.name, form[f.name]);
  body.append(
    'authorView',
    JSON.stringify({
      viewConferenceTrackStatus: authorView.viewConferenceTrackStatus,
      viewProgrammeOrganizations: authorView.viewProgrammeOrganizations,
    }),
  );
  body.append('timeZone', timeZone);
  // Images: a file replaces, '' removes, absent keeps (publisher fields are left to their own screen).
  for (const name of ['banner', 'logo'] as const) {
    const change = images[name];
    if (change instanceof File) body.append(name, change);
    else if (change === 'remove') body.append(name, '');
  }
  return body;
}

function ConferenceForm({ conference }: { conference: ConferenceDto }) {
  const notify = useNotify();
  const update = useUpdateConference();
  const [form, setForm] = useState<ConferenceText>(() => {
    const out = {} as ConferenceText;
    for (const f of FIELDS) out[f.name] = conference[f.name] ?? '';
    return out;
  });
  const [authorView, setAuthorView] = useState<AuthorView>(conference.authorView);
  // Programme times are local to this IANA zone (the API answers its canonical name).
  const [timeZone, setTimeZone] = useState(conference.timeZone ?? 'UTC');
  const [timeZoneError, setTimeZoneError] = useState('');
  const [images, setImages] = useState<Record<ImageName, ImageChange>>({ banner: null, logo: null });
  const [missing, setMissing] = useState<TextFieldName[]>([]);
  const [error, setError] = useState('');

  const refuse = (message: string) => {
    setError(message);
    notify(message, 'error');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const empty = missingConferenceFields(form) as TextFieldName[];
    setMissing(empty);
    const zone = canonicalTimeZone(timeZone);
    setTimeZoneError(zone ? '' : CONFERENCE_MESSAGES.timeZone);
    if (empty.length) return refuse(CONFERENCE_MESSAGES.fillAll);
    if (!zone) return refuse(CONFERENCE_MESSAGES.timeZone);
    update.mutate(conferenceBody(form, authorView, zone, images), {
      onSuccess: (saved) => {
        setImages({ banner: null, logo: null });
        setTimeZone(saved.timeZone ?? zone);
        notify('The conference information was successfully updated!');
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          const fields = Object.keys(err.fieldErrors()) as TextFieldName[];
          if (fields.length) setMissing(fields);
        }
        refuse(errorMessage(err, CONFERENCE_MESSAGES.fillAll));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <ErrorAlert message={error} testId="form-error" />
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
        <AuthorViewSwitches value={authorView} onChange={setAuthorView} />
      </Paper>
      <ConferenceImages conference={conference} images={images} onChange={setImages} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}

const AUTHOR_VIEW_SWITCHES: { name: keyof AuthorView; label: string }[] = [
  { name: 'viewConferenceTrackStatus', label: 'Authors can see the conference track status' },
  {
    name: 'viewProgrammeOrganizations',
    label: 'The published programme shows organizations beside names',
  },
];

/** What authors see: the two switches of the author view. */
function AuthorViewSwitches({
  value,
  onChange,
}: {
  value: AuthorView;
  onChange: (value: AuthorView) => void;
}) {
  return AUTHOR_VIEW_SWITCHES.map((s) => (
    <SwitchField
      key={s.name}
      name={s.name}
      label={s.label}
      checked={value[s.name]}
      sx={{ mt: 1 }}
      onChange={(on) => onChange({ ...value, [s.name]: on })}
    />
  ));
}

const IMAGES: { name: ImageName; label: string }[] = [
  { name: 'banner', label: 'Banner' },
  { name: 'logo', label: 'Logo' },
];

/** The banner and the logo: each with its preview, replaced or removed on save. */
function ConferenceImages({
  conference,
  images,
  onChange,
}: {
  conference: ConferenceDto;
  images: Record<ImageName, ImageChange>;
  onChange: (images: Record<ImageName, ImageChange>) => void;
}) {
  const [errors, setErrors] = useState<{ banner?: string; logo?: string }>({});
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        Images
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {IMAGES.map(({ name, label }) => (
          <Grid key={name} size={{ xs: 12, md: 6 }}>
            <ImageField
              label={label}
              name={name}
              currentUrl={conference[name]}
              change={images[name]}
              error={errors[name]}
              onChange={(change, err) => {
                onChange({ ...images, [name]: change });
                setErrors({ ...errors, [name]: err });
              }}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
