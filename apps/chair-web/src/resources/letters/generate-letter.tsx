import {
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_LABELS,
  LETTER_KINDS,
  LETTER_MESSAGES,
  type ChairPaperDto,
  type LetterKind,
} from '@symposium/domain';
import { FileUpload } from '@symposium/ui';
import { useState } from 'react';
import { PaperScreen } from '../../components/paper-screen';
import { useIsChair } from '../../hooks/use-role-prefix';
import { IssuedDocuments } from './issued-documents';
import { useGenerateLetter } from './api/mutations';
import { useLetterSettings } from './api/queries';
import { GenerateDocumentForm, useGenerateDocument } from './generate-document-form';
import { nativeSelect } from '../../components/select-field';

/** A signature image the API takes: a jpeg or png (the server checks the bytes too). */
export function checkSignatureFile(file: File): string | null {
  const okName = /\.(jpe?g|png)$/i.test(file.name);
  const okType = !file.type || ['image/jpeg', 'image/png'].includes(file.type);
  return okName && okType && file.size > 0 ? null : LETTER_MESSAGES.signatureInvalid;
}

/** The author a letter goes to by default: the registration's author, else the primary author. */
export function defaultRecipient(paper: ChairPaperDto): number | null {
  const reg = paper.registration?.author;
  if (reg && paper.authors.some((a) => a._id === reg)) return reg;
  return paper.primaryAuthor ?? paper.authors[0]?._id ?? null;
}

/** "A stored signature exists" line for chairs (track chairs cannot read the chair's settings). */
function StoredSignatureNote() {
  const settings = useLetterSettings();
  if (!settings.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="stored-signature">
      {settings.data.hasSignature
        ? 'A signature is stored in the letter settings.'
        : 'No signature is stored in the letter settings.'}
    </Typography>
  );
}

function GenerateLetterForm({ paper }: { paper: ChairPaperDto }) {
  const chair = useIsChair();
  const doc = useGenerateDocument(useGenerateLetter());
  const [kind, setKind] = useState<LetterKind>('acceptance');
  const [author, setAuthor] = useState<string>(String(defaultRecipient(paper) ?? ''));
  const [mode, setMode] = useState<'upload' | 'stored'>('upload');
  const [signature, setSignature] = useState<File | null>(null);

  const submit = () => {
    doc.reset();
    if (mode === 'upload' && !signature) {
      doc.fail(LETTER_MESSAGES.signatureRequired);
      return;
    }
    doc.generate(kind, {
      paperId: paper._id,
      kind,
      author: author ? Number(author) : null,
      signature: mode === 'upload' ? signature : null,
    });
  };

  return (
    <GenerateDocumentForm
      label="Generate a letter"
      testIdPrefix="letter"
      state={doc}
      issuedText={(file) =>
        `${file.name} was downloaded${file.code ? ` (verification code ${file.code})` : ''}.`
      }
      canSubmit={Boolean(author)}
      spacing={1}
      onSubmit={submit}
    >
      <TextField
        select
        label="Letter"
        name="kind"
        value={kind}
        slotProps={nativeSelect}
        onChange={(e) => setKind(e.target.value as LetterKind)}
      >
        {LETTER_KINDS.map((k) => (
          <option key={k} value={k}>
            {DOCUMENT_LABELS[k]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Author"
        name="author"
        value={author}
        slotProps={nativeSelect}
        onChange={(e) => setAuthor(e.target.value)}
      >
        {paper.authors.map((a) => (
          <option key={a._id} value={a._id}>
            {a.firstName} {a.lastName}
            {a.organization ? ` (${a.organization})` : ''}
          </option>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="signature-mode">Signature</FormLabel>
        <RadioGroup
          aria-labelledby="signature-mode"
          name="signatureMode"
          value={mode}
          onChange={(e) => setMode(e.target.value as 'upload' | 'stored')}
        >
          <FormControlLabel value="upload" control={<Radio />} label="Upload a signature image" />
          <FormControlLabel value="stored" control={<Radio />} label="Use the stored signature" />
        </RadioGroup>
      </FormControl>
      {mode === 'upload' ? (
        <>
          <FileUpload
            label="Signature image (jpeg or png)"
            name="signature"
            extensions={['jpg', 'jpeg', 'png']}
            validate={checkSignatureFile}
            onFiles={([f]) => {
              setSignature(f ?? null);
              doc.fail('');
            }}
          />
          {signature ? (
            <Typography variant="body2" data-testid="signature-name">
              Chosen: {signature.name}
            </Typography>
          ) : null}
        </>
      ) : chair ? (
        <StoredSignatureNote />
      ) : null}
    </GenerateDocumentForm>
  );
}

/** /GenerateLetter/{paperId}: a letter for one author of the paper, signed, downloaded as a PDF. */
export function GenerateLetter() {
  return (
    <PaperScreen title="Generate a letter">
      {(paper) => (
        <>
          <GenerateLetterForm paper={paper} />
          <IssuedDocuments paperId={paper._id} kinds={LETTER_KINDS} title="Letters issued" />
        </>
      )}
    </PaperScreen>
  );
}
