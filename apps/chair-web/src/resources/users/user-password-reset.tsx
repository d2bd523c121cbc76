import { Alert, Button, Typography } from '@mui/material';
import { GENERATED_PASSWORD_LENGTH, USER_MESSAGES } from '@symposium/domain';
import { ConfirmDialog, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { UserLookup } from './user-lookup';
import { UserSummary } from './user-summary';
import { useUpdateUser } from './api/mutations';

/** /ResetUserPassword/{email} and /ResetUserPassword/: a new generated password, e-mailed to the user. */
export function UserPasswordReset() {
  const { email = '' } = useParams();
  const navigate = useNavigate();
  const update = useUpdateUser();
  const notify = useNotify();
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <PageTitle title="Reset a user password" />
      <UserLookup
        key={email}
        initialEmail={email}
        onSearch={(e) => {
          setDoneFor(null);
          void navigate(paths.resetUserPassword(e), { replace: true });
        }}
      >
        {(user) => (
          <>
            <UserSummary user={user} />
            {doneFor === user.email ? (
              <Alert severity="success" sx={{ mb: 2 }} data-testid="reset-done">
                A new {GENERATED_PASSWORD_LENGTH}-character password was generated and e-mailed to{' '}
                {user.email}.
              </Alert>
            ) : (
              <Alert severity="info" sx={{ mb: 2 }}>
                The user gets a new {GENERATED_PASSWORD_LENGTH}-character password by e-mail; the current one
                stops working.
              </Alert>
            )}
            <Button color="error" disabled={update.isPending} onClick={() => setAsking(true)}>
              Reset password
            </Button>
            <ConfirmDialog
              open={asking}
              title={`Reset the password of ${user.email}?`}
              confirmLabel="Reset password"
              busy={update.isPending}
              onCancel={() => setAsking(false)}
              onConfirm={() =>
                update.mutate(
                  { id: user._id, body: { resetPassword: true } },
                  {
                    onSuccess: () => {
                      setDoneFor(user.email);
                      notify(USER_MESSAGES.passwordReset);
                    },
                    onError: () => notify(USER_MESSAGES.passwordResetFailed, 'error'),
                    onSettled: () => setAsking(false),
                  },
                )
              }
            >
              <Typography>
                A new password is generated and e-mailed to {user.email}; the current password and every
                session of the user stop working.
              </Typography>
            </ConfirmDialog>
          </>
        )}
      </UserLookup>
    </>
  );
}
