import { Alert, Button, Paper, Stack } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { DOCUMENT_LABELS, LETTER_MESSAGES, type DocumentKind } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { saveFile, type FetchedFile } from './api/files';

/**
 * Generating one document from a form: the request (the PDF is saved as it arrives), the refusal, the file
 * downloaded last. `fail` shows a refusal found before asking the server.
 */
export function useGenerateDocument<V>(mutation: UseMutationResult<FetchedFile, Error, V>) {
  const notify = useNotify();
  const [error, setError] = useState('');
  const [issued, setIssued] = useState<FetchedFile | null>(null);
  const reset = () => {
    setError('');
    setIssued(null);
  };
  const generate = (kind: DocumentKind, body: V) =>
    mutation.mutate(body, {
      onSuccess: (file) => {
        saveFile(file);
        setIssued(file);
        notify(`${DOCUMENT_LABELS[kind]} generated: ${file.name}`);
      },
      onError: (err) => {
        const message = errorMessage(err, LETTER_MESSAGES.letterError);
        setError(message);
        notify(message, 'error');
      },
    });
  return { error, fail: setError, issued, reset, generate, pending: mutation.isPending };
}

/**
 * The form around a document's fields: the refusal and the downloaded file above them (test ids
 * `<testIdPrefix>-error` and `<testIdPrefix>-issued`), Generate below.
 */
export function GenerateDocumentForm({
  label,
  testIdPrefix,
  state,
  issuedText,
  canSubmit = true,
  spacing,
  onSubmit,
  children,
}: {
  label: string;
  testIdPrefix: string;
  state: { error: string; issued: FetchedFile | null; pending: boolean };
  issuedText: (file: FetchedFile) => ReactNode;
  canSubmit?: boolean;
  /** The space between Generate and any other button of the row. */
  spacing?: number;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label={label}>
        <Stack spacing={2}>
          {state.error ? (
            <Alert severity="error" data-testid={`${testIdPrefix}-error`}>
              {state.error}
            </Alert>
          ) : null}
          {state.issued ? (
            <Alert severity="success" data-testid={`${testIdPrefix}-issued`}>
              {issuedText(state.issued)}
            </Alert>
          ) : null}
          {children}
          <Stack direction="row" spacing={spacing}>
            <Button type="submit" disabled={state.pending || !canSubmit}>
              {state.pending ? 'Generating…' : 'Generate'}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
