import { Alert, Paper } from '@mui/material';
import { USER_MESSAGES, validatePerson, type PersonInput, type UserDto } from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { SubmitCancel } from './user-form-parts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useGoBack } from '../../components/use-go-back';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { cleanPerson, PersonFields } from './person-fields';
import { useUpdateUser } from './api/mutations';
import { useUser } from './api/queries';

/** /EditContactInformation/{userId}: the user's contact fields with the §5 People rules. */
export function UserContactEdit() {
  const { userId } = useParams();
  const user = useUser(Number(userId));
  return (
    <>
      <PageTitle title="Edit contact information" />
      <QueryView query={user}>{(data) => <ContactForm key={data._id} user={data} />}</QueryView>
    </>
  );
}

function ContactForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.viewUsers);
  const notify = useNotify();
  const update = useUpdateUser();
  const [form, setForm] = useState<PersonInput>(() => ({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    alternateEmail: user.alternateEmail,
    organization: user.organization,
    country: user.country,
    phone: user.phone,
  }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const fieldErrors = validatePerson(form, 'author');
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return setError(Object.values(fieldErrors)[0] ?? '');
    update.mutate(
      { id: user._id, body: cleanPerson(form) },
      {
        onSuccess: () => {
          notify(USER_MESSAGES.contactUpdated);
          void navigate(paths.viewUsers);
        },
        onError: (err) => {
          if (err instanceof ApiError) setErrors(err.fieldErrors());
          const message = errorMessage(err);
          setError(message);
          notify(message, 'error');
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 900 }}>
      <form onSubmit={submit} noValidate>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <PersonFields value={form} errors={errors} onChange={setForm} />
        <SubmitCancel label="Save" busy={update.isPending} onCancel={() => goBack()} />
      </form>
    </Paper>
  );
}
