import { Alert, Button, Stack, Typography } from '@mui/material';
import { USER_MESSAGES } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useGoBack } from '../../components/use-go-back';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { UserSummary } from './user-summary';
import { useDeleteUser } from './api/mutations';
import { useUser } from './api/queries';

/** /ConfirmationDeleteUser/{userId}: shows the user; confirm deletes, cancel goes back. */
export function UserDelete() {
  const { userId } = useParams();
  const user = useUser(Number(userId));
  const remove = useDeleteUser();
  const notify = useNotify();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.viewUsers);
  return (
    <>
      <PageTitle title="Delete user" />
      <QueryView query={user}>
        {(data) => (
          <>
            <UserSummary user={data} />
            <Alert severity="warning" sx={{ mb: 2 }}>
              <Typography>Do you really want to delete this user? This cannot be undone.</Typography>
            </Alert>
            <Stack direction="row" spacing={1}>
              <Button
                color="error"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(data._id, {
                    onSuccess: (res) => {
                      notify(res?.message ?? USER_MESSAGES.deleted);
                      void navigate(paths.viewUsers);
                    },
                    onError: (err) => notify(errorMessage(err), 'error'),
                  })
                }
              >
                Delete
              </Button>
              <Button variant="outlined" onClick={() => goBack()} disabled={remove.isPending}>
                Cancel
              </Button>
            </Stack>
          </>
        )}
      </QueryView>
    </>
  );
}
