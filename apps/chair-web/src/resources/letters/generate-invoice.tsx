import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  BILLING_KINDS,
  DOCUMENT_LABELS,
  LETTER_MESSAGES,
  type BillingKind,
  type ChairPaperDto,
  type PaperRegistration,
} from '@symposium/domain';
import { useState } from 'react';
import { PaperScreen } from '../../components/paper-screen';
import { IssuedDocuments } from './issued-documents';
import { GenerateDocumentForm, useGenerateDocument } from './generate-document-form';
import { useGenerateBilling } from './api/mutations';

/** The lines an invoice bills: the main registration and the other registrations with an amount. */
export function billingLines(paper: ChairPaperDto): { line: PaperRegistration; main: boolean }[] {
  const out: { line: PaperRegistration; main: boolean }[] = [];
  if (paper.registration?.id) out.push({ line: paper.registration, main: true });
  for (const r of paper.otherRegistrations) if (r.id && r.amount !== null) out.push({ line: r, main: false });
  return out;
}

const CREDITABLE = [...BILLING_KINDS, 'creditNote'] as const;

function BillingForm({ paper }: { paper: ChairPaperDto }) {
  const doc = useGenerateDocument(useGenerateBilling());
  const [kind, setKind] = useState<BillingKind>('invoice');
  const lines = billingLines(paper);
  const total = lines.reduce((sum, l) => sum + (l.line.amount ?? 0), 0);
  const authorName = (id: number | null) => {
    const a = paper.authors.find((x) => x._id === id);
    return a ? `${a.firstName} ${a.lastName}` : '—';
  };

  return (
    <GenerateDocumentForm
      label="Generate an invoice or a receipt"
      testIdPrefix="billing"
      state={doc}
      issuedText={(file) => `${file.name} was downloaded.`}
      onSubmit={() => {
        doc.reset();
        doc.generate(kind, { paperId: paper._id, kind });
      }}
    >
      <FormControl>
        <FormLabel id="billing-kind">Document</FormLabel>
        <RadioGroup
          row
          aria-labelledby="billing-kind"
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as BillingKind)}
        >
          {BILLING_KINDS.map((k) => (
            <FormControlLabel key={k} value={k} control={<Radio />} label={DOCUMENT_LABELS[k]} />
          ))}
        </RadioGroup>
      </FormControl>
      {lines.length === 0 ? (
        <Alert severity="info" data-testid="no-registration">
          {LETTER_MESSAGES.notRegistered}
        </Alert>
      ) : (
        <Table size="small" aria-label="Registrations billed">
          <TableHead>
            <TableRow>
              <TableCell>Registration</TableCell>
              <TableCell>Author</TableCell>
              <TableCell>Extra</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map(({ line, main }) => (
              <TableRow key={line.id}>
                <TableCell>
                  {line.id}
                  {main ? ' (main)' : ''}
                </TableCell>
                <TableCell>{authorName(line.author)}</TableCell>
                <TableCell>{line.extra}</TableCell>
                <TableCell align="right">{line.amount === null ? '—' : line.amount.toFixed(2)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3}>
                <strong>Total</strong>
              </TableCell>
              <TableCell align="right" data-testid="billing-total">
                <strong>{total.toFixed(2)}</strong>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary">
        The number is taken from the series of the letter settings; an issued document is never changed (a
        correction is a credit note).
      </Typography>
    </GenerateDocumentForm>
  );
}

/** /GenerateInvoiceOrReceipt/{paperId}: an invoice or a receipt of the paper's registrations, as a PDF. */
export function GenerateInvoiceOrReceipt() {
  return (
    <PaperScreen title="Invoice or receipt">
      {(paper) => (
        <>
          <BillingForm paper={paper} />
          <IssuedDocuments
            paperId={paper._id}
            kinds={CREDITABLE}
            title="Invoices, receipts and credit notes"
          />
        </>
      )}
    </PaperScreen>
  );
}
