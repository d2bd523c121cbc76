import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_LABELS,
  isBillingKind,
  LETTER_MESSAGES,
  type DocumentKind,
  type IssuedDocumentDto,
} from '@symposium/domain';
import { ConferenceTime, errorMessage, Loading, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { saveFile, useDocumentPdf } from './api/files';
import { useCreditDocument, useRevokeDocument } from './api/mutations';
import { usePaperDocuments } from './api/queries';

/** "350.00 EUR", or '' for letters. */
export const formatAmount = (amount: string | null, currency: string | null) =>
  amount === null ? '' : `${amount}${currency ? ` ${currency}` : ''}`;

/** Asks for the reason of a revocation or a credit note, then confirms (the reason is required). */
function ReasonDialog({
  doc,
  action,
  onClose,
}: {
  doc: IssuedDocumentDto;
  action: 'revoke' | 'credit';
  onClose: () => void;
}) {
  const notify = useNotify();
  const revoke = useRevokeDocument();
  const credit = useCreditDocument();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const busy = revoke.isPending || credit.isPending;
  const what = `${DOCUMENT_LABELS[doc.kind]}${doc.numberLabel ? ` ${doc.numberLabel}` : ''} (${doc.code})`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(LETTER_MESSAGES.reasonRequired);
    setError('');
    const handlers = {
      onSuccess: (out: IssuedDocumentDto) => {
        notify(
          action === 'revoke'
            ? LETTER_MESSAGES.revoked
            : `Credit note ${out.numberLabel ?? out.code} was issued`,
        );
        onClose();
      },
      onError: (err: unknown) => {
        const message = errorMessage(err);
        setError(message);
        notify(message, 'error');
      },
    };
    if (action === 'revoke') revoke.mutate({ id: doc._id, reason: reason.trim() }, handlers);
    else credit.mutate({ id: doc._id, reason: reason.trim() }, handlers);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="reason-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reason-title">
          {action === 'revoke' ? `Revoke ${what}?` : `Issue a credit note for ${what}?`}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {action === 'revoke'
              ? 'The verification page will say the document was revoked, with this reason.'
              : 'A credit note referencing this document is issued; the original stays as it is.'}
          </Typography>
          <TextField
            label="Reason"
            name="reason"
            autoFocus
            multiline
            minRows={2}
            value={reason}
            error={Boolean(error)}
            helperText={error || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" disabled={busy} data-testid="reason-confirm">
            {action === 'revoke' ? 'Revoke' : 'Issue credit note'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The documents issued for a paper, newest first: download, revoke (reason, confirm) and, for invoices and
 * receipts not yet corrected, a credit note. `kinds` limits the list (e.g. the billing documents).
 */
export function IssuedDocuments({
  paperId,
  kinds,
  title = 'Issued documents',
}: {
  paperId: number;
  kinds?: readonly DocumentKind[];
  title?: string;
}) {
  const notify = useNotify();
  const documents = usePaperDocuments(paperId);
  const pdf = useDocumentPdf();
  const [acting, setActing] = useState<{ doc: IssuedDocumentDto; action: 'revoke' | 'credit' } | null>(null);
  const rows = (documents.data ?? []).filter((d) => !kinds || kinds.includes(d.kind));

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="issued-title">
      <Typography variant="subtitle1" component="h2" id="issued-title" gutterBottom>
        {title}
      </Typography>
      {documents.isPending ? (
        <Loading />
      ) : documents.isError ? (
        <Alert severity="error">{errorMessage(documents.error)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-documents">
          No document was issued yet.
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Document</TableCell>
              <TableCell>Number</TableCell>
              <TableCell>Recipient</TableCell>
              <TableCell>Amount</TableCell>
              <TableCell>Issued</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody data-testid="document-rows">
            {rows.map((d) => (
              <TableRow key={d._id} data-testid={`document-${d._id}`} data-code={d.code}>
                <TableCell>{DOCUMENT_LABELS[d.kind]}</TableCell>
                <TableCell>{d.numberLabel ?? '—'}</TableCell>
                <TableCell>{d.recipientName}</TableCell>
                <TableCell>{formatAmount(d.amount, d.currency) || '—'}</TableCell>
                <TableCell>
                  <ConferenceTime value={d.issuedAt} />
                </TableCell>
                <TableCell>
                  <a href={d.verifyUrl} target="_blank" rel="noreferrer">
                    {d.code}
                  </a>
                </TableCell>
                <TableCell>
                  {d.revokedAt ? (
                    <Chip
                      size="small"
                      color="error"
                      label={
                        <>
                          Revoked <ConferenceTime value={d.revokedAt} dateOnly />
                        </>
                      }
                      title={d.revokeReason ?? undefined}
                    />
                  ) : d.creditedById ? (
                    <Chip size="small" color="warning" label="Credited" />
                  ) : (
                    <Chip size="small" color="success" label="Valid" />
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Download ${d.fileName}`}
                      onClick={() =>
                        pdf(d)
                          .then(saveFile)
                          .catch((err: unknown) => notify(errorMessage(err, 'The download failed'), 'error'))
                      }
                    >
                      Download
                    </Button>
                    {d.revokedAt ? null : (
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        aria-label={`Revoke ${d.code}`}
                        onClick={() => setActing({ doc: d, action: 'revoke' })}
                      >
                        Revoke
                      </Button>
                    )}
                    {isBillingKind(d.kind) && !d.creditedById ? (
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={`Credit note for ${d.numberLabel ?? d.code}`}
                        onClick={() => setActing({ doc: d, action: 'credit' })}
                      >
                        Credit note
                      </Button>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {acting ? (
        <ReasonDialog doc={acting.doc} action={acting.action} onClose={() => setActing(null)} />
      ) : null}
    </Paper>
  );
}
