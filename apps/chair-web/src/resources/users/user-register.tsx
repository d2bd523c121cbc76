import { Alert, Paper, Typography } from '@mui/material';
import { PEOPLE_MESSAGES, validatePerson, type PersonInput } from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { SubmitCancel } from './user-form-parts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { cleanPerson, PersonFields } from './person-fields';
import { useCreateUser } from './api/mutations';

/** /RegisterUser: a chair creates an account; the API e-mails a generated password. */
export function UserRegister() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateUser();
  const [form, setForm] = useState<PersonInput>({});
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const fieldErrors = validatePerson(form, 'author');
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) {
      setError(PEOPLE_MESSAGES.registeringProblem);
      notify(PEOPLE_MESSAGES.registeringProblem, 'error');
      return;
    }
    create.mutate(cleanPerson(form), {
      onSuccess: (user) => {
        notify(`${user.firstName} ${user.lastName} was registered; a password was e-mailed to ${user.email}`);
        void navigate(paths.viewUsers);
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors());
        const message = errorMessage(err, PEOPLE_MESSAGES.registeringProblem);
        setError(message);
        notify(
          err instanceof ApiError && err.statusCode === 409 ? message : PEOPLE_MESSAGES.registeringProblem,
          'error',
        );
      },
    });
  };

  return (
    <>
      <PageTitle title="Register user" />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 900 }}>
        <form onSubmit={submit} noValidate>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
              {error}
            </Alert>
          ) : null}
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            The new user receives a generated password by e-mail.
          </Typography>
          <PersonFields value={form} errors={errors} onChange={setForm} />
          <SubmitCancel
            label="Register"
            busy={create.isPending}
            onCancel={() => void navigate(paths.viewUsers)}
          />
        </form>
      </Paper>
    </>
  );
}
