import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { DocumentVerificationDto } from '@symposium/domain';
import { ApiError, errorMessage, Loading, useConferenceTimeText, useDocumentTitle } from '@symposium/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useVerification } from './api';

function Facts({ doc }: { doc: DocumentVerificationDto }) {
  const when = useConferenceTimeText();
  const rows: [string, ReactNode][] = [
    ['Document', doc.kindLabel],
    ['Conference', doc.conference],
    ['Issued to', doc.recipientName],
  ];
  if (doc.paperTitle) rows.push(['Paper', doc.paperTitle]);
  if (doc.numberLabel) rows.push(['Number', doc.numberLabel]);
  if (doc.amount !== null) rows.push(['Amount', `${doc.amount}${doc.currency ? ` ${doc.currency}` : ''}`]);
  if (doc.credits) rows.push(['Corrects', doc.credits]);
  if (doc.creditedBy) rows.push(['Corrected by credit note', doc.creditedBy]);
  rows.push(['Issued', when(doc.issuedAt)]);
  rows.push(['Code', doc.code]);
  rows.push([
    'SHA-256 of the PDF',
    <Box component="code" key="sha" sx={{ wordBreak: 'break-all', fontSize: 12 }}>
      {doc.sha256}
    </Box>,
  ]);
  return (
    <Table size="small" aria-label="Document">
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row" sx={{ width: '35%' }}>
              {k}
            </TableCell>
            <TableCell data-testid={`verify-${k.toLowerCase().replace(/[^a-z]+/g, '-')}`}>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * /verify/:code (public, no sign-in): what the document with this code is — valid or revoked (when and why),
 * its kind, recipient, paper, number and amount, issue date and the sha256 of the issued PDF.
 */
export function VerifyDocument() {
  useDocumentTitle('Document verification');
  const { code = '' } = useParams();
  const verification = useVerification(code);
  const when = useConferenceTimeText();
  let body: ReactNode;
  if (verification.isPending) body = <Loading />;
  else if (verification.isError)
    body =
      verification.error instanceof ApiError && verification.error.statusCode === 404 ? (
        <Alert severity="error" data-testid="verify-state" data-state="unknown">
          No document with this code
        </Alert>
      ) : (
        <Alert severity="error">{errorMessage(verification.error)}</Alert>
      );
  else {
    const doc = verification.data;
    body = (
      <Stack spacing={2}>
        {doc.revoked ? (
          <Alert severity="error" data-testid="verify-state" data-state="revoked">
            <strong>Revoked</strong>
            {doc.revokedAt ? ` on ${when(doc.revokedAt)}` : ''}
            {doc.revokeReason ? ` — ${doc.revokeReason}` : ''}
          </Alert>
        ) : (
          <Alert severity="success" data-testid="verify-state" data-state="valid">
            <strong>Valid</strong>: this document was issued as described below.
          </Alert>
        )}
        {doc.creditedBy ? (
          <Chip color="warning" label={`Corrected by credit note ${doc.creditedBy}`} />
        ) : null}
        <Facts doc={doc} />
      </Stack>
    );
  }
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 720, mt: { xs: 2, md: 8 } }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Document verification
          </Typography>
          {body}
        </CardContent>
      </Card>
    </Box>
  );
}
