import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { EMAIL_SETTINGS_MESSAGES, MAX_SIGNATURE_LENGTH, type EmailSettingsDto } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { AddressListField } from './address-list-field';
import { useEmailSettings } from './api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { useSaveEmailSettings, useTestEmail } from './api/mutations';

/**
 * A track chair sees the conference's fields disabled: their labels and helper texts keep the secondary text
 * colour (MUI greys them to #9e9e9e, 2.7:1 on white, below the 4.5:1 axe asks for).
 */
const disabledTextReadable = {
  '& .MuiFormLabel-root.Mui-disabled, & .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
} as const;

/**
 * /EditEmailSettings/: how bulk e-mail is sent. Chairs set the conference's sender name, reply-to, default
 * cc and bcc and signature; a track chair sets the reply-to and signature of their own sending and sees the
 * rest. "Send a test e-mail to me" queues one message to the signed-in user.
 */
export function EmailSettings() {
  const settings = useEmailSettings();
  return (
    <>
      <PageTitle
        title="E-mail settings"
        subtitle="Used for every bulk e-mail: the signature is appended to each message."
      />
      <QueryView query={settings}>{(data) => <SettingsForm initial={data} />}</QueryView>
    </>
  );
}

function SettingsForm({ initial }: { initial: EmailSettingsDto }) {
  const chair = useRolePrefix() === 'chair';
  const save = useSaveEmailSettings();
  const test = useTestEmail();
  const notify = useNotify();
  const [form, setForm] = useState<EmailSettingsDto>(initial);
  const [error, setError] = useState('');
  const set = <K extends keyof EmailSettingsDto>(k: K, v: EmailSettingsDto[K]) =>
    setForm({ ...form, [k]: v });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const body = chair
      ? { ...form, senderName: form.senderName.trim(), replyTo: form.replyTo.trim() }
      : { replyTo: form.replyTo.trim(), signature: form.signature };
    save.mutate(body, {
      onSuccess: (saved) => {
        setForm(saved);
        notify(EMAIL_SETTINGS_MESSAGES.saved);
      },
      onError: (err) => setError(errorMessage(err, EMAIL_SETTINGS_MESSAGES.saveFailed)),
    });
  };
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (res) => notify(res.message),
      onError: (err) => notify(errorMessage(err), 'error'),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 760 }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2} sx={disabledTextReadable}>
          {error ? (
            <Alert severity="error" data-testid="settings-error">
              {error}
            </Alert>
          ) : null}
          {chair ? null : (
            <Typography color="text.secondary">
              The sender name and the default copies are the conference’s (set by the chairs).
            </Typography>
          )}
          <TextField
            label="Sender name"
            name="senderName"
            value={form.senderName}
            disabled={!chair}
            onChange={(e) => set('senderName', e.target.value)}
          />
          <TextField
            label="Reply-to"
            name="replyTo"
            type="email"
            value={form.replyTo}
            onChange={(e) => set('replyTo', e.target.value)}
            helperText="Where answers go (empty: the sender address)"
          />
          {(['cc', 'bcc'] as const).map((k) => (
            <AddressListField
              key={k}
              label={`Default ${k}`}
              name={k}
              value={form[k]}
              disabled={!chair}
              onChange={(v) => set(k, v)}
            />
          ))}
          <TextField
            label="Signature"
            name="signature"
            multiline
            minRows={4}
            value={form.signature}
            onChange={(e) => set('signature', e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_SIGNATURE_LENGTH } }}
            helperText="Appended to every bulk e-mail"
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
            <Button variant="outlined" disabled={test.isPending} onClick={sendTest}>
              Send a test e-mail to me
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
