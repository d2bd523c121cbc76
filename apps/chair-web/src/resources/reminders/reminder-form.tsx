import {
  Alert,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import {
  AUTHOR_REMINDER_KINDS,
  DEFAULT_REMINDER_SEND_HOUR,
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  REMINDER_MESSAGES,
  REMINDER_RECIPIENT_LABELS,
  REMINDER_RECIPIENTS,
  type ReminderKind,
  type ReminderRecipients,
  type ReminderRuleDto,
  type ReminderRuleInput,
} from '@symposium/domain';
import { ApiError, errorMessage, useNotify, useSession } from '@symposium/ui';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { CheckedField, optionsOf, SelectField } from '../../components/select-field';
import { useEmailTemplates } from '../mail/api/queries';
import { useTracks } from '../tracks/api/queries';
import { useCreateReminder, useUpdateReminder } from './api/mutations';

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

/** "09:00" for 9. */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

const isAuthorKind = (kind: ReminderKind | '') => kind !== '' && AUTHOR_REMINDER_KINDS.includes(kind);

interface Draft {
  name: string;
  kind: ReminderKind | '';
  offsets: string;
  sendHour: string;
  recipients: ReminderRecipients;
  templateId: string;
  trackIds: number[];
}

const draftOf = (rule: ReminderRuleDto | null): Draft =>
  rule
    ? {
        name: rule.name,
        kind: rule.kind,
        offsets: rule.offsets.join(', '),
        sendHour: String(rule.sendHour),
        recipients: rule.recipients,
        templateId: String(rule.templateId),
        trackIds: rule.trackIds,
      }
    : {
        name: '',
        kind: '',
        offsets: '7, 1',
        sendHour: String(DEFAULT_REMINDER_SEND_HOUR),
        recipients: 'all',
        templateId: '',
        trackIds: [],
      };

/**
 * The fields as typed, checked with the API's rules and messages. Enabling is not a field: a new rule is
 * saved paused and enabled from the list, after its dry run.
 */
function checkDraft(
  d: Draft,
): { body: Omit<ReminderRuleInput, 'enabled'> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = REMINDER_MESSAGES.nameRequired;
  if (!d.kind) errors.kind = REMINDER_MESSAGES.kind;
  const offsets = parseOffsets(d.offsets);
  if (!offsets) errors.offsets = REMINDER_MESSAGES.offsets;
  if (!d.templateId) errors.templateId = REMINDER_MESSAGES.template;
  const sendHour = Number(d.sendHour);
  if (!/^\d{1,2}$/.test(d.sendHour) || sendHour > 23) errors.sendHour = REMINDER_MESSAGES.sendHour;
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      name: d.name.trim(),
      kind: d.kind as ReminderKind,
      offsets: offsets!,
      sendHour,
      // The review kinds remind the reviewer: always 'all'.
      recipients: isAuthorKind(d.kind) ? d.recipients : 'all',
      templateId: Number(d.templateId),
      trackIds: d.trackIds,
    },
  };
}

/** The field a server refusal names (by its message), so it shows beside that field. */
function fieldOfMessage(message: string): keyof Draft | null {
  if (message === REMINDER_MESSAGES.nameRequired || message === REMINDER_MESSAGES.nameTaken) return 'name';
  if (message === REMINDER_MESSAGES.kind) return 'kind';
  if (message === REMINDER_MESSAGES.offsets) return 'offsets';
  if (message === REMINDER_MESSAGES.sendHour) return 'sendHour';
  if (message === REMINDER_MESSAGES.recipients || message === REMINDER_MESSAGES.recipientsReview)
    return 'recipients';
  if (
    message === REMINDER_MESSAGES.template ||
    message === REMINDER_MESSAGES.templateNotFound ||
    message.startsWith(REMINDER_MESSAGES.templateProblem(''))
  )
    return 'templateId';
  if (message === REMINDER_MESSAGES.trackNotFound) return 'trackIds';
  return null;
}

/**
 * Adds a rule (rule null; saved paused) or edits one: name, what, days before the deadline, the send hour
 * in the conference's time zone, who is reminded (author kinds), template, tracks.
 */
export function ReminderFormDialog({ rule, onClose }: { rule: ReminderRuleDto | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateReminder();
  const update = useUpdateReminder();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const checked = checkDraft(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setServerError('');
    const handlers = {
      onSuccess: () => {
        notify(rule ? REMINDER_MESSAGES.saved : REMINDER_MESSAGES.savedPaused);
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
    else create.mutate({ ...checked.body, enabled: false }, handlers);
  };

  return (
    <FormDialog
      titleId="reminder-form-title"
      title={rule ? `Edit reminder “${rule.name}”` : 'Add reminder'}
      maxWidth="md"
      formLabel={rule ? 'Edit reminder' : 'Add reminder'}
      busy={busy}
      lockWhileBusy
      saveLabel="Save reminder"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {serverError ? <Alert severity="error">{serverError}</Alert> : null}
        <WhenFields draft={draft} errors={errors} set={set} />
        <WhoFields draft={draft} errors={errors} set={set} />
        {rule ? null : (
          <Alert severity="info">
            A new reminder is saved paused. Enable it from the list: you first see who it would remind at
            once.
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The draft, its field errors and how a field changes it. */
interface FieldsProps {
  draft: Draft;
  errors: Record<string, string>;
  set: (patch: Partial<Draft>) => void;
}

/** What the rule reminds of and when: name, kind, days before the deadline, the hour to send at. */
function WhenFields({ draft, errors, set }: FieldsProps) {
  const zone = useSession().conference?.timeZone || 'UTC';
  return (
    <>
      <CheckedField
        label="Name"
        name="name"
        autoFocus
        value={draft.name}
        error={errors.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <SelectField
        label="Remind of"
        name="kind"
        value={draft.kind}
        none="Choose what to remind of"
        noneDisabled
        options={optionsOf(REMINDER_KINDS, (k) => REMINDER_KIND_LABELS[k])}
        error={errors.kind}
        onChange={(e) => set({ kind: e.target.value as ReminderKind | '' })}
      />
      <CheckedField
        label="Days before the deadline"
        name="offsets"
        value={draft.offsets}
        error={errors.offsets}
        hint="One or more numbers of days, separated by commas (0 = on the day), e.g. 7, 1"
        onChange={(e) => set({ offsets: e.target.value })}
      />
      <SelectField
        label={`Send at (${zone})`}
        name="sendHour"
        value={draft.sendHour}
        options={HOURS.map((h) => ({ value: String(h), label: hourLabel(h) }))}
        error={errors.sendHour}
        hint={`On each reminder's day (counted in the conference's time zone, ${zone}), from this hour`}
        onChange={(e) => set({ sendHour: e.target.value })}
      />
    </>
  );
}

/** Whom and with what: the recipients (author kinds), the template, the tracks. */
function WhoFields({ draft, errors, set }: FieldsProps) {
  const templates = useEmailTemplates();
  const tracks = useTracks();
  const toggleTrack = (id: number, on: boolean) =>
    set({ trackIds: on ? [...draft.trackIds, id] : draft.trackIds.filter((t) => t !== id) });
  return (
    <>
      {isAuthorKind(draft.kind) ? (
        <FormControl error={Boolean(errors.recipients)} component="fieldset">
          <FormLabel component="legend">Remind</FormLabel>
          <RadioGroup
            row
            name="recipients"
            value={draft.recipients}
            onChange={(e) => set({ recipients: e.target.value as ReminderRecipients })}
          >
            {REMINDER_RECIPIENTS.map((r) => (
              <FormControlLabel
                key={r}
                value={r}
                label={REMINDER_RECIPIENT_LABELS[r]}
                control={<Radio slotProps={{ input: { 'aria-label': REMINDER_RECIPIENT_LABELS[r] } }} />}
              />
            ))}
          </RadioGroup>
          {errors.recipients ? <FormHelperText>{errors.recipients}</FormHelperText> : null}
        </FormControl>
      ) : null}
      <SelectField
        label="E-mail template"
        name="templateId"
        value={draft.templateId}
        none="Choose a template"
        noneDisabled
        options={(templates.data ?? []).map((t) => ({ value: String(t._id), label: t.subject }))}
        error={errors.templateId ?? (templates.isError ? errorMessage(templates.error) : undefined)}
        hint={
          templates.data?.length === 0
            ? 'There are no e-mail templates yet: add one on the E-mail templates screen first'
            : undefined
        }
        onChange={(e) => set({ templateId: e.target.value })}
      />
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
    </>
  );
}
