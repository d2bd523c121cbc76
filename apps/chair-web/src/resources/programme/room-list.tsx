import { Button, Paper, Stack, TableCell, Typography } from '@mui/material';
import { PROGRAMME_MESSAGES, type RoomDto } from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { CheckedField } from '../../components/select-field';
import { ListWithDialogs } from '../../components/list-with-dialogs';
import { PageTitle } from '../../components/page-title';
import { ClashSummary } from './clash-list';
import { deleteError, parseWholeNumber, PROGRAMME_UI_MESSAGES, saveError } from './programme-labels';
import { useCreateRoom, useDeleteRoom, useUpdateRoom } from './api/mutations';
import { useRooms, type RoomInput } from './api/queries';
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
  return (
    <>
      <PageTitle
        title="Rooms"
        subtitle="The rooms sessions take place in. A room used by a session cannot be deleted."
        actions={<ClashSummary />}
      />
      <ListWithDialogs
        items={rooms}
        label="Rooms"
        columns={['Room', 'Capacity']}
        bodyTestId="room-rows"
        emptyText="No rooms yet."
        rowTestId={(room) => `room-${room._id}`}
        name={(room) => room.name}
        cells={(room) => (
          <>
            <TableCell>{room.name}</TableCell>
            <TableCell>{room.capacity ?? '—'}</TableCell>
          </>
        )}
        header={<AddRoomForm />}
        form={(room, close) => (room ? <EditRoomDialog room={room} onClose={close} /> : null)}
        deletion={{
          title: 'Delete this room?',
          text: (room) => <Typography>The room “{room.name}” will be removed.</Typography>,
          mutation: remove,
          variables: (room) => room._id,
          done: PROGRAMME_UI_MESSAGES.roomDeleted,
          // 409 programme.room_in_use: the server's message names the sessions using the room.
          failed: deleteError,
          errorTestId: 'room-error',
        }}
      />
    </>
  );
}

/** The room's name and capacity as typed, their field errors, and `check` (the body, or null and the errors). */
function useRoomDraft(room?: RoomDto) {
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(room?.capacity == null ? '' : String(room.capacity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = (): RoomInput | null => {
    const checked = checkRoom(name, capacity);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return null;
    }
    return checked.body;
  };
  return { name, setName, capacity, setCapacity, errors, setErrors, check };
}

/** The name and capacity fields: in the add form's row (`labels` "Room name", "Capacity") or in the dialog. */
function RoomFields({
  draft,
  labels: [nameLabel, capacityLabel],
  inDialog = false,
}: {
  draft: ReturnType<typeof useRoomDraft>;
  labels: [string, string];
  inDialog?: boolean;
}) {
  const { errors } = draft;
  return (
    <>
      <CheckedField
        label={nameLabel}
        name="name"
        autoFocus={inDialog}
        value={draft.name}
        error={errors.name}
        onChange={(e) => draft.setName(e.target.value)}
      />
      <CheckedField
        label={capacityLabel}
        name="capacity"
        value={draft.capacity}
        inputMode="numeric"
        error={errors.capacity}
        hint="Optional"
        sx={inDialog ? undefined : { maxWidth: { md: 200 } }}
        onChange={(e) => draft.setCapacity(e.target.value)}
      />
    </>
  );
}

function AddRoomForm() {
  const create = useCreateRoom();
  const notify = useNotify();
  const draft = useRoomDraft();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = draft.check();
    if (!body) return;
    draft.setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        draft.setName('');
        draft.setCapacity('');
        notify(PROGRAMME_UI_MESSAGES.roomCreated);
      },
      onError: (err) => notify(saveError(err), 'error'),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label="Add room">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
          <RoomFields draft={draft} labels={['Room name', 'Capacity']} />
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
  const draft = useRoomDraft(room);
  const submit = () => {
    const body = draft.check();
    if (!body) return;
    update.mutate(
      { id: room._id, body },
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
    <FormDialog
      titleId="edit-room-title"
      title="Edit room"
      busy={update.isPending}
      saveLabel="Save room"
      onSubmit={submit}
      onClose={onClose}
    >
      <RoomFields draft={draft} labels={['Name', 'Room capacity']} inDialog />
    </FormDialog>
  );
}
