import { Button, Chip, Paper, Stack, Switch, TableCell, TextField, Typography } from '@mui/material';
import { STATUS_MESSAGES, type StatusDto } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormDialog } from '../../components/form-dialog';
import { ListWithDialogs } from '../../components/list-with-dialogs';
import { SwitchField } from '../../components/switch-field';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useCreateStatus, useDeleteStatus, useUpdateStatus } from './api/mutations';
import { useStatuses, type StatusInput } from './api/queries';
import { STATUS_UI_MESSAGES } from './status-messages';
/** /EditPaperStatusSettings/: list, add, rename, accepted switch and delete of the paper statuses. */
export function StatusList() {
  const statuses = useStatuses();
  const update = useUpdateStatus();
  const remove = useDeleteStatus();
  const notify = useNotify();

  const save = (status: StatusDto, body: Partial<StatusInput>, onSaved?: () => void) =>
    update.mutate(
      { id: status._id, body },
      {
        onSuccess: () => {
          onSaved?.();
          notify(STATUS_UI_MESSAGES.updated);
        },
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
      <ListWithDialogs
        items={statuses}
        label="Paper statuses"
        columns={['#', 'Status', 'Accepted']}
        rowTestId={(status) => `status-${status._id}`}
        name={(status) => status.text}
        cells={(status) => (
          <>
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
                onChange={(e) => save(status, { isAccepted: e.target.checked })}
                slotProps={{ input: { 'aria-label': `${status.text} is an acceptance` } }}
              />
            </TableCell>
          </>
        )}
        header={<AddStatusForm />}
        form={(status, close) =>
          status ? (
            <EditStatusDialog
              status={status}
              busy={update.isPending}
              onCancel={close}
              onSave={(body) => save(status, body, close)}
            />
          ) : null
        }
        deletion={{
          title: 'Delete this status?',
          text: (status) => (
            <Typography>The status “{status.text}” will be removed from the list of decisions.</Typography>
          ),
          mutation: remove,
          variables: (status) => status._id,
          done: STATUS_UI_MESSAGES.deleted,
          errorTestId: 'status-error',
        }}
      />
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
          <SwitchField
            label="Accepted"
            checked={isAccepted}
            sx={{ flexShrink: 0, pt: 1 }}
            onChange={setIsAccepted}
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
  const submit = () => {
    if (!text.trim()) return setFieldError(STATUS_MESSAGES.textRequired);
    onSave({ text: text.trim(), isAccepted });
  };
  return (
    <FormDialog
      titleId="edit-status-title"
      title="Edit status"
      busy={busy}
      saveLabel="Save status"
      onSubmit={submit}
      onClose={onCancel}
    >
      <TextField
        label="Status text"
        name="text"
        autoFocus
        value={text}
        error={Boolean(fieldError)}
        helperText={fieldError}
        onChange={(e) => setText(e.target.value)}
      />
      <SwitchField name="isAccepted" label="Accepted" checked={isAccepted} onChange={setIsAccepted} />
    </FormDialog>
  );
}
