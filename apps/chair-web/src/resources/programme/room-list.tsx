import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { PROGRAMME_MESSAGES, type RoomDto } from '@symposium/domain';
import { ConfirmDialog, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { ClashSummary } from './clash-list';
import { deleteError, parseWholeNumber, PROGRAMME_UI_MESSAGES, saveError } from './programme-labels';
import { useCreateRoom, useDeleteRoom, useUpdateRoom } from './api/mutations';
import { useRooms, type RoomInput } from './api/queries';
import { scrollRegion } from '../../components/data-table';

/** The room fields as typed, checked with the API's rules and messages. */
function checkRoom(name: string, capacity: string): { body: RoomInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.name = PROGRAMME_MESSAGES.roomName;
  let cap: number | null = null;
  if (capacity.trim()) {
    cap = parseWholeNumber(capacity);
    if (cap === null || cap > 100000) errors.capacity = PROGRAMME_MESSAGES.roomCapacity;
  }
  return Object.keys(errors).length ? { errors } : { body: { name: name.trim(), capacity: cap } };
}

/** /ViewEditAddRooms: list, add, edit (name, optional capacity) and delete rooms. */
export function RoomList() {
  const rooms = useRooms();
  const remove = useDeleteRoom();
  const notify = useNotify();
  const [editing, setEditing] = useState<RoomDto | null>(null);
  const [deleting, setDeleting] = useState<RoomDto | null>(null);
  const [error, setError] = useState('');

  return (
    <>
      <PageTitle
        title="Rooms"
        subtitle="The rooms sessions take place in. A room used by a session cannot be deleted."
        actions={<ClashSummary />}
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError('')} data-testid="room-error">
          {error}
        </Alert>
      ) : null}
      <AddRoomForm />
      <QueryView query={rooms}>
        {(data) => (
          <TableContainer component={Paper} variant="outlined" {...scrollRegion('Rooms')}>
            <Table size="small" aria-label="Rooms">
              <TableHead>
                <TableRow>
                  <TableCell>Room</TableCell>
                  <TableCell>Capacity</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="room-rows">
                {data.map((room) => (
                  <TableRow key={room._id} data-testid={`room-${room._id}`}>
                    <TableCell>{room.name}</TableCell>
                    <TableCell>{room.capacity ?? '—'}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        <Button
                          size="small"
                          variant="outlined"
                          aria-label={`Edit ${room.name}`}
                          onClick={() => setEditing(room)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          aria-label={`Delete ${room.name}`}
                          onClick={() => setDeleting(room)}
                        >
                          Delete
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
                {data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>No rooms yet.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryView>
      {editing ? <EditRoomDialog room={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this room?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setError('');
          remove.mutate(deleting._id, {
            onSuccess: () => notify(PROGRAMME_UI_MESSAGES.roomDeleted),
            onError: (err) => {
              // 409 programme.room_in_use: the server's message names the sessions using the room.
              const message = deleteError(err);
              setError(message);
              notify(message, 'error');
            },
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Typography>The room “{deleting?.name}” will be removed.</Typography>
      </ConfirmDialog>
    </>
  );
}

function AddRoomForm() {
  const create = useCreateRoom();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [capacity, setCapacity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRoom(name, capacity);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    create.mutate(checked.body, {
      onSuccess: () => {
        setName('');
        setCapacity('');
        notify(PROGRAMME_UI_MESSAGES.roomCreated);
      },
      onError: (err) => notify(saveError(err), 'error'),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label="Add room">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
          <TextField
            label="Room name"
            name="name"
            value={name}
            error={Boolean(errors.name)}
            helperText={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Capacity"
            name="capacity"
            value={capacity}
            inputMode="numeric"
            error={Boolean(errors.capacity)}
            helperText={errors.capacity ?? 'Optional'}
            sx={{ maxWidth: { md: 200 } }}
            onChange={(e) => setCapacity(e.target.value)}
          />
          <Button type="submit" sx={{ flexShrink: 0, mt: 1 }} disabled={create.isPending}>
            Add room
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function EditRoomDialog({ room, onClose }: { room: RoomDto; onClose: () => void }) {
  const update = useUpdateRoom();
  const notify = useNotify();
  const [name, setName] = useState(room.name);
  const [capacity, setCapacity] = useState(room.capacity === null ? '' : String(room.capacity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRoom(name, capacity);
    if ('errors' in checked) return setErrors(checked.errors);
    update.mutate(
      { id: room._id, body: checked.body },
      {
        onSuccess: () => {
          notify(PROGRAMME_UI_MESSAGES.roomUpdated);
          onClose();
        },
        onError: (err) => notify(saveError(err), 'error'),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-room-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-room-title">Edit room</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            name="name"
            autoFocus
            value={name}
            error={Boolean(errors.name)}
            helperText={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Room capacity"
            name="capacity"
            value={capacity}
            inputMode="numeric"
            error={Boolean(errors.capacity)}
            helperText={errors.capacity ?? 'Optional'}
            onChange={(e) => setCapacity(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save room
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
