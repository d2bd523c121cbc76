import { Alert, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { LETTER_MESSAGES, type LetterSettingsDto } from '@symposium/domain';
import { ConfirmDialog, errorMessage, FileUpload, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { checkSignatureFile } from './generate-letter';
import { signatureImageUrl } from './api/files';
import { useLetterSettings, type LetterSettingsInput } from './api/queries';
import { useRemoveSignature, useSaveLetterSettings, useUploadSignature } from './api/mutations';

const pick = (s: LetterSettingsDto): LetterSettingsInput => ({
  signerName: s.signerName,
  signerTitle: s.signerTitle,
  issuerName: s.issuerName,
  issuerAddress: s.issuerAddress,
  issuerTaxId: s.issuerTaxId,
  currency: s.currency,
  invoicePrefix: s.invoicePrefix,
  receiptPrefix: s.receiptPrefix,
  creditNotePrefix: s.creditNotePrefix,
  paymentTerms: s.paymentTerms,
});

const FIELDS: { name: keyof LetterSettingsInput; label: string; multiline?: boolean; half?: boolean }[] = [
  { name: 'signerName', label: 'Signer name', half: true },
  { name: 'signerTitle', label: 'Signer title', half: true },
  { name: 'issuerName', label: 'Issuer name', half: true },
  { name: 'issuerTaxId', label: 'Issuer tax id', half: true },
  { name: 'issuerAddress', label: 'Issuer address', multiline: true },
  { name: 'currency', label: 'Currency', half: true },
  { name: 'invoicePrefix', label: 'Invoice prefix', half: true },
  { name: 'receiptPrefix', label: 'Receipt prefix', half: true },
  { name: 'creditNotePrefix', label: 'Credit note prefix', half: true },
  { name: 'paymentTerms', label: 'Payment terms', multiline: true },
];

/** The stored signature: its preview, upload (jpeg/png) and removal. */
function SignatureBox({ settings }: { settings: LetterSettingsDto }) {
  const notify = useNotify();
  const upload = useUploadSignature();
  const remove = useRemoveSignature();
  const [version, setVersion] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="signature-title">
      <Typography variant="subtitle1" component="h2" id="signature-title" gutterBottom>
        Signature image
      </Typography>
      {settings.hasSignature ? (
        <Box sx={{ mb: 2 }}>
          <img
            src={signatureImageUrl(version)}
            alt="The stored signature"
            data-testid="signature-preview"
            style={{ maxHeight: 100, maxWidth: 320, border: '1px solid rgba(0,0,0,0.12)' }}
          />
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="no-signature">
          No signature is stored.
        </Typography>
      )}
      <Stack spacing={1}>
        <FileUpload
          label="Signature image (jpeg or png, at most 1 MB)"
          name="storedSignature"
          extensions={['jpg', 'jpeg', 'png']}
          validate={checkSignatureFile}
          disabled={upload.isPending}
          error={error}
          onFiles={([file]) => {
            if (!file) return;
            setError(null);
            upload.mutate(file, {
              onSuccess: () => {
                setVersion(Date.now());
                notify(LETTER_MESSAGES.settingsSaved);
              },
              onError: (err) => {
                const message = errorMessage(err, LETTER_MESSAGES.signatureInvalid);
                setError(message);
                notify(message, 'error');
              },
            });
          }}
        />
        {settings.hasSignature ? (
          <Box>
            <Button variant="outlined" color="error" onClick={() => setConfirm(true)}>
              Remove signature
            </Button>
          </Box>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirm}
        title="Remove the stored signature?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => notify(LETTER_MESSAGES.settingsSaved),
            onError: (err) => notify(errorMessage(err), 'error'),
            onSettled: () => setConfirm(false),
          })
        }
      />
    </Paper>
  );
}

function SettingsForm({ settings }: { settings: LetterSettingsDto }) {
  const notify = useNotify();
  const save = useSaveLetterSettings();
  const [form, setForm] = useState<LetterSettingsInput>(() => pick(settings));
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    save.mutate(form, {
      onSuccess: (saved) => {
        setForm(pick(saved));
        notify(LETTER_MESSAGES.settingsSaved);
      },
      onError: (err) => {
        const message = errorMessage(err);
        setError(message);
        notify(message, 'error');
      },
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label="Letter settings">
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          {FIELDS.map((f) => (
            <Grid key={f.name} size={{ xs: 12, md: f.half ? 6 : 12 }}>
              <TextField
                label={f.label}
                name={f.name}
                value={form[f.name]}
                multiline={f.multiline}
                minRows={f.multiline ? 2 : undefined}
                onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              />
            </Grid>
          ))}
        </Grid>
        <Button type="submit" sx={{ mt: 2 }} disabled={save.isPending}>
          Save
        </Button>
      </form>
    </Paper>
  );
}

/** /LetterSettings (chairs): who signs, the signature image, the issuer of invoices, currency and series. */
export function LetterSettings() {
  const settings = useLetterSettings();
  return (
    <>
      <PageTitle
        title="Letter settings"
        subtitle="Used by every letter, invoice, receipt and credit note issued from now on."
      />
      <QueryView query={settings}>
        {(data) => (
          <>
            <SignatureBox settings={data} />
            <SettingsForm settings={data} />
          </>
        )}
      </QueryView>
    </>
  );
}
