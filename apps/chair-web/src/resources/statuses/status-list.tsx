import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { STATUS_MESSAGES, type StatusDto } from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { useCreateStatus, useDeleteStatus, useUpdateStatus } from './api/mutations';
import { useStatuses, type StatusInput } from './api/queries';
import { STATUS_UI_MESSAGES } from './status-messages';
import { scrollRegion } from '../../components/data-table';

/** /EditPaperStatusSettings/: list, add, rename, accepted switch and delete of the paper statuses. */
export function StatusList() {
  const statuses = useStatuses();
  const update = useUpdateStatus();
  const remove = useDeleteStatus();
  const notify = useNotify();
  const [editing, setEditing] = useState<StatusDto | null>(null);
  const [deleting, setDeleting] = useState<StatusDto | null>(null);
  const [error, setError] = useState('');

  const setAccepted = (status: StatusDto, isAccepted: boolean) =>
    update.mutate(
      { id: status._id, body: { isAccepted } },
      {
        onSuccess: () => notify(STATUS_UI_MESSAGES.updated),
        onError: (err) => notify(errorMessage(err, STATUS_UI_MESSAGES.updateFailed), 'error'),
      },
    );

  return (
    <>
      <PageTitle
        title="Paper statuses"
        subtitle="The decisions a chair can give a paper. Accepted statuses lead to camera-ready."
        actions={
          <Button component={Link} to={paths.sortPaperStatusSettings} variant="outlined">
            Sort statuses
          </Button>
        }
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError('')} data-testid="status-error">
          {error}
        </Alert>
      ) : null}
      <AddStatusForm />
      <QueryView query={statuses}>
        {(data) => (
          <TableContainer component={Paper} variant="outlined" {...scrollRegion('Paper statuses')}>
            <Table size="small" aria-label="Paper statuses">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Accepted</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((status) => (
                  <TableRow key={status._id} data-testid={`status-${status._id}`}>
                    <TableCell>{status.position}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center">
                        <span>{status.text}</span>
                        {status.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={status.isAccepted}
                        disabled={update.isPending}
                        onChange={(e) => setAccepted(status, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${status.text} is an acceptance` } }}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setEditing(status)}
                          aria-label={`Edit ${status.text}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          onClick={() => setDeleting(status)}
                          aria-label={`Delete ${status.text}`}
                        >
                          Delete
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryView>
      {editing ? (
        <EditStatusDialog
          status={editing}
          busy={update.isPending}
          onCancel={() => setEditing(null)}
          onSave={(body) =>
            update.mutate(
              { id: editing._id, body },
              {
                onSuccess: () => {
                  setEditing(null);
                  notify(STATUS_UI_MESSAGES.updated);
                },
                onError: (err) => notify(errorMessage(err, STATUS_UI_MESSAGES.updateFailed), 'error'),
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this status?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setError('');
          remove.mutate(deleting._id, {
            onSuccess: () => notify(STATUS_UI_MESSAGES.deleted),
            onError: (err) => {
              const message = errorMessage(err);
              setError(message);
              notify(message, 'error');
            },
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Typography>The status “{deleting?.text}” will be removed from the list of decisions.</Typography>
      </ConfirmDialog>
    </>
  );
}

function AddStatusForm() {
  const create = useCreateStatus();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [isAccepted, setIsAccepted] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setFieldError(STATUS_MESSAGES.textRequired);
    setFieldError('');
    create.mutate(
      { text: text.trim(), isAccepted },
      {
        onSuccess: () => {
          setText('');
          setIsAccepted(false);
          notify(STATUS_UI_MESSAGES.created);
        },
        onError: (err) => notify(errorMessage(err, STATUS_UI_MESSAGES.createFailed), 'error'),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
          <TextField
            label="New status"
            name="newStatus"
            value={text}
            error={Boolean(fieldError)}
            helperText={fieldError}
            onChange={(e) => setText(e.target.value)}
          />
          <FormControlLabel
            sx={{ flexShrink: 0, pt: 1 }}
            control={<Switch checked={isAccepted} onChange={(e) => setIsAccepted(e.target.checked)} />}
            label="Accepted"
          />
          <Button type="submit" sx={{ flexShrink: 0, mt: 1 }} disabled={create.isPending}>
            Add status
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function EditStatusDialog({
  status,
  busy,
  onSave,
  onCancel,
}: {
  status: StatusDto;
  busy: boolean;
  onSave: (body: StatusInput) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(status.text);
  const [isAccepted, setIsAccepted] = useState(status.isAccepted);
  const [fieldError, setFieldError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setFieldError(STATUS_MESSAGES.textRequired);
    onSave({ text: text.trim(), isAccepted });
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby="edit-status-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-status-title">Edit status</DialogTitle>
        <DialogContent>
          <TextField
            label="Status text"
            name="text"
            autoFocus
            value={text}
            error={Boolean(fieldError)}
            helperText={fieldError}
            onChange={(e) => setText(e.target.value)}
          />
          <FormControlLabel
            control={
              <Switch
                name="isAccepted"
                checked={isAccepted}
                onChange={(e) => setIsAccepted(e.target.checked)}
              />
            }
            label="Accepted"
          />
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save status
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
