import { Paper, Typography } from '@mui/material';
import { PEOPLE_MESSAGES, USER_MESSAGES } from '@symposium/domain';
import { ApiError, useNotify } from '@symposium/ui';
import { EmailField, SubmitCancel } from './user-form-parts';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { useGoBack } from '../../components/use-go-back';
import { paths } from '../../config/paths';
import { impersonate } from './api/mutations';

/** The §8 message of a failed impersonation (also used for a failed conference-view change). */
export const impersonationError = (err: unknown): string =>
  err instanceof ApiError && err.statusCode === 404
    ? USER_MESSAGES.impersonateNotFound
    : USER_MESSAGES.impersonateFailed;

/** /ImpersonateUser: sign in as an author to see the author app as they do. */
export function UserImpersonate() {
  const goBack = useGoBack(paths.viewUsers);
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setFieldError(PEOPLE_MESSAGES.email);
    setFieldError('');
    setBusy(true);
    try {
      await impersonate(email);
    } catch (err) {
      notify(impersonationError(err), 'error');
      setBusy(false);
      goBack();
    }
  };

  return (
    <>
      <PageTitle title="Impersonate user" />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 600 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          You will use the author app as this user until you stop impersonating. Chairs and administrators
          cannot be impersonated.
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <EmailField value={email} error={fieldError} onChange={setEmail} />
          <SubmitCancel label="Impersonate" busy={busy} onCancel={() => goBack()} cancelDisabled={busy} />
        </form>
      </Paper>
    </>
  );
}
