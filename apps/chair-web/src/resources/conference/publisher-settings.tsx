import { Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { CONFERENCE_MESSAGES, type ConferenceDto } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { SwitchField } from '../../components/switch-field';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { QueryView } from '../../components/query-view';
import { useConference } from './api/queries';
import { useUpdatePublisherSettings, type PublisherSettingsInput } from './api/mutations';

/** /PublisherSettings: copyright, consent options and the publishing agreement with a preview. */
export function PublisherSettings() {
  const conference = useConference();
  return (
    <>
      <PageTitle
        title="Publisher settings"
        actions={
          <Button component={Link} to={paths.letterSettings} variant="outlined">
            Letter and invoice settings
          </Button>
        }
      />
      <QueryView query={conference}>{(data) => <PublisherForm key={data._id} conference={data} />}</QueryView>
    </>
  );
}

const pick = (c: ConferenceDto): PublisherSettingsInput => ({
  copyright: c.copyright,
  consentFileUpload: c.consentFileUpload,
  digitalConsentSigning: c.digitalConsentSigning,
  consentButtonLabel: c.consentButtonLabel,
  publishingAgreementHtml: c.publishingAgreementHtml,
});

function PublisherForm({ conference }: { conference: ConferenceDto }) {
  const notify = useNotify();
  const update = useUpdatePublisherSettings();
  const [form, setForm] = useState<PublisherSettingsInput>(() => pick(conference));
  const [error, setError] = useState('');
  const [labelError, setLabelError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setLabelError('');
    if (!form.consentButtonLabel.trim()) {
      setLabelError(CONFERENCE_MESSAGES.consentButtonLabel);
      return;
    }
    update.mutate(form, {
      onSuccess: (saved) => {
        // The server sanitizes the agreement HTML: show what was stored.
        setForm(pick(saved));
        notify('The publisher settings were successfully updated!');
      },
      onError: (err) => {
        const message = errorMessage(err, 'The publisher settings could not be updated!');
        setError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <ErrorAlert message={error} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          label="Copyright"
          name="copyright"
          value={form.copyright}
          onChange={(e) => setForm({ ...form, copyright: e.target.value })}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ my: 1 }}>
          <SwitchField
            name="consentFileUpload"
            label="Authors upload a signed copyright (consent) file with the camera-ready"
            checked={form.consentFileUpload}
            onChange={(on) => setForm({ ...form, consentFileUpload: on })}
          />
          <SwitchField
            name="digitalConsentSigning"
            label="Authors sign the consent form digitally"
            checked={form.digitalConsentSigning}
            onChange={(on) => setForm({ ...form, digitalConsentSigning: on })}
          />
        </Stack>
        <TextField
          label="Consent button label"
          name="consentButtonLabel"
          required
          value={form.consentButtonLabel}
          error={Boolean(labelError)}
          helperText={labelError}
          onChange={(e) => setForm({ ...form, consentButtonLabel: e.target.value })}
        />
      </Paper>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Publishing agreement (HTML)"
            name="publishingAgreementHtml"
            multiline
            minRows={16}
            value={form.publishingAgreementHtml}
            onChange={(e) => setForm({ ...form, publishingAgreementHtml: e.target.value })}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 1, height: '100%' }}>
            <Typography variant="subtitle2" component="h2" sx={{ px: 1 }}>
              Preview
            </Typography>
            {/* A sandboxed frame without scripts: the unsaved HTML cannot run code in the console. */}
            <Box
              component="iframe"
              title="Publishing agreement preview"
              sandbox=""
              srcDoc={form.publishingAgreementHtml}
              sx={{ width: '100%', minHeight: 360, border: 0, bgcolor: 'background.paper' }}
            />
          </Paper>
        </Grid>
      </Grid>
      <Button type="submit" disabled={update.isPending}>
        Save
      </Button>
    </form>
  );
}
