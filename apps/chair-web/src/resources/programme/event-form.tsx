import { Stack, TextField } from '@mui/material';
import {
  checkEventTimes,
  CUSTOM_TIME_SLOT_DEFAULT,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  PROGRAMME_MESSAGES,
  TIME_SLOTS,
  type DayDto,
  type EventDto,
  type EventType,
} from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { CheckedField, optionsOf, SelectField } from '../../components/select-field';
import { saveError } from './programme-labels';
import { useCreateEvent, useUpdateEvent } from './api/mutations';
import { type EventInput } from './api/queries';

const DESCRIPTION_MAX = 2000;
const CUSTOM = 'custom';

/** The preset slot holding these times (its index as a string), else 'custom'. */
const slotOf = (start: string, end: string) => {
  const i = TIME_SLOTS.findIndex((s) => s.start === start && s.end === end);
  return i < 0 ? CUSTOM : String(i);
};

/**
 * Adds an event to `day`, or edits `event`, in a dialog: the type (§9 order), a preset time slot or
 * "Custom" (default 19:00–22:00) and a description.
 */
export function EventDialog({ day, event, onClose }: { day: DayDto; event?: EventDto; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const busy = create.isPending || update.isPending;
  const [type, setType] = useState<EventType | ''>(event?.type ?? '');
  const [slot, setSlot] = useState(event ? slotOf(event.start, event.end) : '0');
  const [start, setStart] = useState<string>(event?.start ?? CUSTOM_TIME_SLOT_DEFAULT.start);
  const [end, setEnd] = useState<string>(event?.end ?? CUSTOM_TIME_SLOT_DEFAULT.end);
  const [description, setDescription] = useState(event?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const times = () => (slot === CUSTOM ? { start, end } : TIME_SLOTS[Number(slot)]!);

  const submit = () => {
    const errs: Record<string, string> = {};
    if (!type) errs.type = PROGRAMME_MESSAGES.eventType;
    const t = times();
    const timeError = checkEventTimes(t.start, t.end);
    if (timeError) errs.time = timeError;
    if (description.length > DESCRIPTION_MAX) errs.description = PROGRAMME_MESSAGES.eventDescriptionLength;
    setErrors(errs);
    if (Object.keys(errs).length || !type) return;
    const body: EventInput = { type, description: description.trim(), start: t.start, end: t.end };
    const done = {
      onSuccess: () => {
        notify(PROGRAMME_MESSAGES.eventSaved);
        onClose();
      },
      onError: (err: unknown) => notify(saveError(err), 'error'),
    };
    if (event) update.mutate({ day: day._id, id: event._id, body }, done);
    else create.mutate({ day: day._id, body }, done);
  };

  return (
    <FormDialog
      titleId="event-dialog-title"
      title={`${event ? 'Edit event' : 'Add event'} — ${day.date}`}
      busy={busy}
      saveLabel="Save event"
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Event type"
        name="type"
        value={type}
        none="Choose a type"
        noneDisabled
        options={optionsOf(EVENT_TYPES, (t) => EVENT_TYPE_LABELS[t])}
        error={errors.type}
        onChange={(e) => setType(e.target.value as EventType)}
      />
      <SelectField
        label="Time slot"
        name="slot"
        value={slot}
        options={TIME_SLOTS.map((s, i) => ({ value: String(i), label: `${s.start}–${s.end}` }))}
        error={slot !== CUSTOM ? errors.time : undefined}
        onChange={(e) => {
          const next = e.target.value;
          if (next === CUSTOM && slot !== CUSTOM && !event) {
            setStart(CUSTOM_TIME_SLOT_DEFAULT.start);
            setEnd(CUSTOM_TIME_SLOT_DEFAULT.end);
          }
          setSlot(next);
        }}
      >
        <option value={CUSTOM}>Custom</option>
      </SelectField>
      {slot === CUSTOM ? (
        <Stack direction="row" spacing={2}>
          <CheckedField
            label="Start"
            name="start"
            placeholder="HH:MM"
            value={start}
            error={errors.time}
            hint="24-hour HH:MM"
            onChange={(e) => setStart(e.target.value)}
          />
          <TextField
            label="End"
            name="end"
            placeholder="HH:MM"
            value={end}
            error={Boolean(errors.time)}
            onChange={(e) => setEnd(e.target.value)}
          />
        </Stack>
      ) : null}
      <TextField
        label="Description"
        name="description"
        multiline
        minRows={2}
        value={description}
        error={Boolean(errors.description)}
        helperText={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
    </FormDialog>
  );
}
