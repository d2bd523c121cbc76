import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  REMINDER_MESSAGES,
  type ReminderKind,
  type ReminderRuleDto,
  type ReminderRuleInput,
} from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { useEmailTemplates } from '../mail/use-mail';
import { useTracks } from '../tracks/use-tracks';
import { useCreateReminder, useUpdateReminder } from './use-reminders';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * "7, 1" → [7, 1]: whole numbers of days from 0 to 365, distinct, largest first; null when any part is not
 * one (the API's rule and message, REMINDER_MESSAGES.offsets).
 */
export function parseOffsets(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const out = new Set<number>();
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 365) return null;
    out.add(n);
  }
  return [...out].sort((a, b) => b - a);
}

interface Draft {
  name: string;
  kind: ReminderKind | '';
  offsets: string;
  templateId: string;
  trackIds: number[];
  enabled: boolean;
}

const draftOf = (rule: ReminderRuleDto | null): Draft =>
  rule
    ? {
        name: rule.name,
        kind: rule.kind,
        offsets: rule.offsets.join(', '),
        templateId: String(rule.templateId),
        trackIds: rule.trackIds,
        enabled: rule.enabled,
      }
    : { name: '', kind: '', offsets: '7, 1', templateId: '', trackIds: [], enabled: true };

/** The fields as typed, checked with the API's rules and messages. */
function checkDraft(d: Draft): { body: ReminderRuleInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = REMINDER_MESSAGES.nameRequired;
  if (!d.kind) errors.kind = REMINDER_MESSAGES.kind;
  const offsets = parseOffsets(d.offsets);
  if (!offsets) errors.offsets = REMINDER_MESSAGES.offsets;
  if (!d.templateId) errors.templateId = REMINDER_MESSAGES.template;
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      name: d.name.trim(),
      kind: d.kind as ReminderKind,
      offsets: offsets!,
      templateId: Number(d.templateId),
      trackIds: d.trackIds,
      enabled: d.enabled,
    },
  };
}

/** The field a server refusal names (by its message), so it shows beside that field. */
function fieldOfMessage(message: string): keyof Draft | null {
  if (message === REMINDER_MESSAGES.nameRequired || message === REMINDER_MESSAGES.nameTaken) return 'name';
  if (message === REMINDER_MESSAGES.kind) return 'kind';
  if (message === REMINDER_MESSAGES.offsets) return 'offsets';
  if (
    message === REMINDER_MESSAGES.template ||
    message === REMINDER_MESSAGES.templateNotFound ||
    message.startsWith(REMINDER_MESSAGES.templateProblem(''))
  )
    return 'templateId';
  if (message === REMINDER_MESSAGES.trackNotFound) return 'trackIds';
  return null;
}

/** Adds a rule (rule null) or edits one: name, what, days before the deadline, template, tracks, enabled. */
export function ReminderFormDialog({ rule, onClose }: { rule: ReminderRuleDto | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateReminder();
  const update = useUpdateReminder();
  const templates = useEmailTemplates();
  const tracks = useTracks();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkDraft(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setServerError('');
    const handlers = {
      onSuccess: () => {
        notify(REMINDER_MESSAGES.saved);
        onClose();
      },
      onError: (err: unknown) => {
        const message = errorMessage(err);
        const fieldErrors = err instanceof ApiError ? err.fieldErrors() : {};
        const field = fieldOfMessage(message);
        if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
        else if (field) setErrors({ [field]: message });
        else setServerError(message);
        notify(message, 'error');
      },
    };
    if (rule) update.mutate({ id: rule._id, body: checked.body }, handlers);
    else create.mutate(checked.body, handlers);
  };

  const toggleTrack = (id: number, on: boolean) =>
    set({ trackIds: on ? [...draft.trackIds, id] : draft.trackIds.filter((t) => t !== id) });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="reminder-form-title"
      fullWidth
      maxWidth="md"
    >
      <form onSubmit={submit} noValidate aria-label={rule ? 'Edit reminder' : 'Add reminder'}>
        <DialogTitle id="reminder-form-title">
          {rule ? `Edit reminder “${rule.name}”` : 'Add reminder'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError ? <Alert severity="error">{serverError}</Alert> : null}
            <TextField
              label="Name"
              name="name"
              autoFocus
              value={draft.name}
              error={Boolean(errors.name)}
              helperText={errors.name}
              onChange={(e) => set({ name: e.target.value })}
            />
            <TextField
              select
              label="Remind of"
              name="kind"
              value={draft.kind}
              error={Boolean(errors.kind)}
              helperText={errors.kind}
              slotProps={nativeSelect}
              onChange={(e) => set({ kind: e.target.value as ReminderKind | '' })}
            >
              <option value="" disabled>
                Choose what to remind of
              </option>
              {REMINDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {REMINDER_KIND_LABELS[k]}
                </option>
              ))}
            </TextField>
            <TextField
              label="Days before the deadline"
              name="offsets"
              value={draft.offsets}
              error={Boolean(errors.offsets)}
              helperText={
                errors.offsets ??
                'One or more numbers of days, separated by commas (0 = on the day), e.g. 7, 1'
              }
              onChange={(e) => set({ offsets: e.target.value })}
            />
            <TextField
              select
              label="E-mail template"
              name="templateId"
              value={draft.templateId}
              error={Boolean(errors.templateId) || templates.isError}
              helperText={
                errors.templateId ??
                (templates.isError
                  ? errorMessage(templates.error)
                  : templates.data?.length === 0
                    ? 'There are no e-mail templates yet: add one on the E-mail templates screen first'
                    : undefined)
              }
              slotProps={nativeSelect}
              onChange={(e) => set({ templateId: e.target.value })}
            >
              <option value="" disabled>
                Choose a template
              </option>
              {(templates.data ?? []).map((t) => (
                <option key={t._id} value={String(t._id)}>
                  {t.subject}
                </option>
              ))}
            </TextField>
            <FormControl error={Boolean(errors.trackIds)} component="fieldset">
              <FormLabel component="legend">Tracks</FormLabel>
              <FormGroup row data-testid="reminder-tracks">
                {(tracks.data ?? []).map((t) => (
                  <FormControlLabel
                    key={t._id}
                    label={t.name}
                    control={
                      <Checkbox
                        checked={draft.trackIds.includes(t._id)}
                        onChange={(e) => toggleTrack(t._id, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `Track ${t.name}` } }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{errors.trackIds ?? 'None ticked: every track.'}</FormHelperText>
            </FormControl>
            <FormControlLabel
              label="Enabled (the scheduler sends it when due)"
              control={
                <Switch
                  checked={draft.enabled}
                  onChange={(e) => set({ enabled: e.target.checked })}
                  slotProps={{ input: { 'aria-label': 'Enabled' } }}
                />
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save reminder
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
