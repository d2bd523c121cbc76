import { Button, Stack, Typography } from '@mui/material';
import { USER_MESSAGES } from '@symposium/domain';
import { ConfirmDialog, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { UserLookup } from './user-lookup';
import { UserSummary } from './user-summary';
import { useUpdateUser } from './api/mutations';

/** /ManageUserLock/{email}/ and /ManageUserLock/: lock or unlock a user's account. */
export function UserLock() {
  const [asking, setAsking] = useState<boolean | null>(null);
  const { email = '' } = useParams();
  const navigate = useNavigate();
  const update = useUpdateUser();
  const notify = useNotify();
  return (
    <>
      <PageTitle title="Lock or unlock a user" subtitle="A locked user cannot sign in." />
      <UserLookup
        key={email}
        initialEmail={email}
        onSearch={(e) => void navigate(paths.manageUserLock(e), { replace: true })}
      >
        {(user) => (
          <>
            <UserSummary user={user} />
            <Typography sx={{ mb: 2 }} data-testid="lock-status">
              This account is {user.lock.status ? 'locked' : 'not locked'}.
            </Typography>
            <Stack direction="row" spacing={1}>
              {[true, false].map((status) => (
                <Button
                  key={String(status)}
                  color={status ? 'error' : 'primary'}
                  disabled={update.isPending || user.lock.status === status}
                  onClick={() => setAsking(status)}
                >
                  {status ? 'Lock' : 'Unlock'}
                </Button>
              ))}
            </Stack>
            <ConfirmDialog
              open={asking !== null}
              title={`${asking ? 'Lock' : 'Unlock'} ${user.email}?`}
              confirmLabel={asking ? 'Lock' : 'Unlock'}
              busy={update.isPending}
              onCancel={() => setAsking(null)}
              onConfirm={() =>
                update.mutate(
                  { id: user._id, body: { lock: { status: asking === true } } },
                  {
                    onSuccess: () => notify(USER_MESSAGES.lockChanged),
                    onError: () => notify(USER_MESSAGES.lockFailed, 'error'),
                    onSettled: () => setAsking(null),
                  },
                )
              }
            >
              <Typography>
                {asking
                  ? 'The user is signed out everywhere and cannot sign in until unlocked.'
                  : 'The user can sign in again.'}
              </Typography>
            </ConfirmDialog>
          </>
        )}
      </UserLookup>
    </>
  );
}
