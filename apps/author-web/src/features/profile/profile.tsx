import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  NOTIFY_ALWAYS_SENT,
  NOTIFY_OFF_STOPS,
  PASSWORD_MIN_LENGTH,
  PEOPLE_MESSAGES,
  PROFILE_MESSAGES,
  validatePerson,
  type PersonInput,
  type ProfileDto,
} from '@symposium/domain';
import { ApiError, errorMessage, QueryState, useDocumentTitle, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { useChangePassword, useProfile, useUpdateProfile } from './api';

const CONTACT_FIELDS: { name: keyof PersonInput; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'alternateEmail', label: 'Alternate Email', type: 'email' },
  { name: 'organization', label: 'Organization', autoComplete: 'organization' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

function ContactForm({ profile }: { profile: ProfileDto }) {
  const notify = useNotify();
  const update = useUpdateProfile();
  const [form, setForm] = useState<Required<PersonInput>>(() => ({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    alternateEmail: profile.alternateEmail,
    organization: profile.organization,
    country: profile.country,
    phone: profile.phone,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const fieldErrors: Record<string, string> = { ...validatePerson(form, 'author') };
    setErrors(fieldErrors);
    const first = Object.values(fieldErrors)[0];
    if (first) return setError(first);
    update.mutate(form, {
      onSuccess: () => notify(PROFILE_MESSAGES.saved, 'success'),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors());
        setError(errorMessage(err));
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="contact-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="contact-heading" gutterBottom>
          Contact details
        </Typography>
        <form onSubmit={submit} noValidate>
          {error ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          {CONTACT_FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              required
              value={form[f.name]}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]}
              onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
            />
          ))}
          <Button type="submit" sx={{ mt: 2 }} disabled={update.isPending}>
            Save contact details
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordForm() {
  const notify = useNotify();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!currentPassword) return setError(PROFILE_MESSAGES.currentPassword);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(PEOPLE_MESSAGES.password);
    if (password !== confirm) return setError(PROFILE_MESSAGES.passwordsDiffer);
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirm('');
          notify(PROFILE_MESSAGES.passwordChanged, 'success');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="password-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="password-heading" gutterBottom>
          Password
        </Typography>
        <form onSubmit={submit} noValidate>
          {error ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Changing the password signs you out everywhere else.
          </Typography>
          <Button type="submit" sx={{ mt: 2 }} disabled={change.isPending}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function NotificationsSwitch({ checked }: { checked: boolean }) {
  const notify = useNotify();
  const update = useUpdateProfile();
  const value =
    update.isPending && update.variables?.notify !== undefined ? update.variables.notify : checked;
  return (
    <Card component="section" aria-labelledby="notifications-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="notifications-heading" gutterBottom>
          E-mail notifications
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={value}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate(
                  { notify: e.target.checked },
                  {
                    onSuccess: () => notify(PROFILE_MESSAGES.notifySaved, 'success'),
                    onError: (err) => notify(errorMessage(err), 'error'),
                  },
                )
              }
            />
          }
          label="Send me reminders and bulk e-mails"
        />
        <Typography variant="body2" color="text.secondary">
          Off stops {NOTIFY_OFF_STOPS}. You always get {NOTIFY_ALWAYS_SENT}.
        </Typography>
      </CardContent>
    </Card>
  );
}

/** /Profile: the signed-in person's contact details, password and e-mail notifications. */
export function Profile() {
  useDocumentTitle('My profile');
  const query = useProfile();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        My profile
      </Typography>
      <QueryState queries={[query]} fallback="The profile could not be obtained">
        {() =>
          query.data ? (
            <>
              <ContactForm profile={query.data} />
              <NotificationsSwitch checked={query.data.notify} />
              <PasswordForm />
            </>
          ) : null
        }
      </QueryState>
    </Stack>
  );
}
