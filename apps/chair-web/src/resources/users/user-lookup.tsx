import { Alert, Button, Paper, Stack } from '@mui/material';
import { PEOPLE_MESSAGES, type UserDto } from '@symposium/domain';
import { errorMessage, Loading } from '@symposium/ui';
import { EmailField } from './user-form-parts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useUserByEmail } from './api/queries';

/**
 * Finds a user by e-mail (prefilled from the route) with GET /api/chair/users/search?email=, then renders
 * what can be done with them.
 */
export function UserLookup({
  initialEmail,
  onSearch,
  children,
}: {
  initialEmail: string;
  onSearch?: (email: string) => void;
  children: (user: UserDto) => ReactNode;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [searched, setSearched] = useState(initialEmail.trim());
  const [fieldError, setFieldError] = useState('');
  const found = useUserByEmail(searched);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setFieldError(PEOPLE_MESSAGES.email);
    setFieldError('');
    setSearched(email.trim());
    onSearch?.(email.trim());
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 700 }}>
        <form onSubmit={submit} noValidate>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <EmailField value={email} error={fieldError} onChange={setEmail} />
            <Button type="submit" sx={{ mt: 1, flexShrink: 0 }}>
              Find user
            </Button>
          </Stack>
        </form>
      </Paper>
      {!searched ? null : found.isPending ? (
        <Loading />
      ) : found.isError ? (
        <Alert severity="error">{errorMessage(found.error)}</Alert>
      ) : found.data ? (
        children(found.data)
      ) : (
        <Alert severity="warning" data-testid="user-not-found">
          {PEOPLE_MESSAGES.userNotFound}
        </Alert>
      )}
    </>
  );
}
