import { Box, Button, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  DAY_COLORS,
  DEFAULT_DESK_TEXT,
  formatDayDate,
  parseDayDate,
  PROGRAMME_MESSAGES,
  type DayDto,
} from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { CheckedField, optionsOf, SelectField } from '../../components/select-field';
import { colorName, saveError } from './programme-labels';
import { useCreateDay, useUpdateDay } from './api/mutations';
import { type DayInput } from './api/queries';

const DESK_MAX = 500;

/** A day's colour as a small swatch. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: color,
        verticalAlign: 'middle',
        border: '1px solid rgba(0,0,0,0.2)',
      }}
    />
  );
}

/**
 * Adds a day, or edits `day`: the date as m/d/yyyy (checked with the API's parseDayDate), the desk text
 * (empty: the default desk text) and a colour of the fixed list (a new day: `defaultColor`, the next in order).
 */
export function DayForm({
  day,
  defaultColor,
  onSaved,
  onCancel,
}: {
  day?: DayDto;
  defaultColor: string;
  onSaved?: (day: DayDto) => void;
  onCancel?: () => void;
}) {
  const notify = useNotify();
  const create = useCreateDay();
  const update = useUpdateDay();
  const busy = create.isPending || update.isPending;
  const [date, setDate] = useState(day?.date ?? '');
  const [desk, setDesk] = useState(day?.desk ?? '');
  const [color, setColor] = useState(day?.color ?? defaultColor);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const parsed = parseDayDate(date);
    if ('error' in parsed) errs.date = parsed.error;
    if (desk.length > DESK_MAX) errs.desk = PROGRAMME_MESSAGES.deskLength;
    if (!(DAY_COLORS as readonly string[]).includes(color)) errs.color = PROGRAMME_MESSAGES.dayColor;
    setErrors(errs);
    if (Object.keys(errs).length || 'error' in parsed) return;
    const body: DayInput = { date: formatDayDate(parsed.iso), desk: desk.trim(), color };
    const done = {
      onSuccess: (saved: DayDto) => {
        notify(PROGRAMME_MESSAGES.daySaved);
        if (!day) {
          setDate('');
          setDesk('');
        }
        onSaved?.(saved);
      },
      onError: (err: unknown) => notify(saveError(err), 'error'),
    };
    if (day) update.mutate({ id: day._id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={day ? 'Edit day' : 'Add day'}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
        <CheckedField
          label="Date"
          name="date"
          placeholder="m/d/yyyy"
          value={date}
          error={errors.date}
          hint="m/d/yyyy, e.g. 6/1/2027"
          sx={{ maxWidth: { md: 220 } }}
          onChange={(e) => setDate(e.target.value)}
        />
        <CheckedField
          label="Desk"
          name="desk"
          placeholder={DEFAULT_DESK_TEXT}
          value={desk}
          error={errors.desk}
          hint={`Empty: “${DEFAULT_DESK_TEXT}”`}
          onChange={(e) => setDesk(e.target.value)}
        />
        <SelectField
          label="Colour"
          name="color"
          value={color}
          options={optionsOf(DAY_COLORS, colorName)}
          error={errors.color}
          sx={{ maxWidth: { md: 200 } }}
          onChange={(e) => setColor(e.target.value)}
        />
        <Box sx={{ pt: 2.5, flexShrink: 0 }}>
          <ColorSwatch color={color} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, mt: 1 }}>
          <Button type="submit" disabled={busy}>
            {day ? 'Save day' : 'Add day'}
          </Button>
          {onCancel ? (
            <Button variant="text" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}

/** Edits a day in a dialog. */
export function DayDialog({ day, onClose }: { day: DayDto; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="day-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="day-dialog-title">Edit day {day.date}</DialogTitle>
      <DialogContent>
        <DayForm day={day} defaultColor={day.color} onSaved={onClose} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
