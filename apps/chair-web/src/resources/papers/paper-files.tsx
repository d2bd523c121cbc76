import {
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  CAMERA_READY_PARTS,
  CHAIR_PAPER_MESSAGES,
  isNameAllowedForPart,
  PAPER_MESSAGES,
  PART_EXTENSIONS,
  PRESENTATION_READY_PARTS,
  type AnsweredQuestion,
  type ChairPaperDto,
  type PaperFileDto,
  type PaperFilePart,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useRef, useState, type ChangeEvent } from 'react';
import { formatBytes, PART_TITLES } from './paper-labels';
import { PaperScreen } from '../../components/paper-screen';
import { useDeletePaperFile, useUploadPaperFile } from './api/mutations';
import { usePaperDownloads } from './api/downloads';
import { PaperChecksPanel } from './paper-checks';

/** The stored files of a part (several for the submission files, at most one for the other parts). */
function filesOf(paper: ChairPaperDto, part: PaperFilePart): PaperFileDto[] {
  if (part === 'abstract') return paper.abstract.files;
  if ((CAMERA_READY_PARTS as readonly string[]).includes(part)) {
    const f = paper.cameraReady.files[part as (typeof CAMERA_READY_PARTS)[number]];
    return f ? [f] : [];
  }
  const f = paper.presentationReady.files[part as (typeof PRESENTATION_READY_PARTS)[number]];
  return f ? [f] : [];
}

/** One file part of a paper: its files with download and delete, and an upload (adding, or replacing the one file). */
function FilePart({ paper, part }: { paper: ChairPaperDto; part: PaperFilePart }) {
  const notify = useNotify();
  const upload = useUploadPaperFile();
  const remove = useDeletePaperFile();
  const downloads = usePaperDownloads();
  const [toDelete, setToDelete] = useState<PaperFileDto | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const files = filesOf(paper, part);
  const accept = PART_EXTENSIONS[part].map((e) => `.${e}`).join(',');

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // The type is checked here first, as the authors' upload box does (the server checks the content too).
    if (!isNameAllowedForPart(file.name, part) || file.size <= 0) {
      notify(PAPER_MESSAGES.invalidFile, 'error');
      return;
    }
    upload.mutate(
      { id: paper._id, part, file },
      {
        onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
        onError: (err) => notify(errorMessage(err, CHAIR_PAPER_MESSAGES.somethingWrongUpdating), 'error'),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`part-${part}`}>
      <Typography variant="subtitle1" component="h3">
        {PART_TITLES[part]}
      </Typography>
      {files.length === 0 ? (
        <Typography color="text.secondary">No file.</Typography>
      ) : (
        <List dense>
          {files.map((f) => (
            <ListItem
              key={f._id}
              data-testid={`file-${f._id}`}
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Download ${f.name}`}
                    onClick={() =>
                      downloads
                        .downloadFile(f)
                        .catch((err: unknown) => notify(errorMessage(err, 'The download failed'), 'error'))
                    }
                  >
                    Download
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    aria-label={`Delete ${f.name}`}
                    onClick={() => setToDelete(f)}
                  >
                    Delete
                  </Button>
                </Stack>
              }
            >
              <ListItemText
                primary={f.name}
                secondary={
                  <>
                    {formatBytes(f.size)} · <ConferenceTime value={f.createdAt} />
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {/* A real button that opens the hidden picker (a <label role=button> is not an allowed role). */}
      <Button size="small" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {part !== 'abstract' && files.length ? 'Replace file' : 'Upload file'}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        name={`upload-${part}`}
        aria-label={`Upload ${PART_TITLES[part]}`}
        accept={accept}
        onChange={onFile}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete?.name ?? 'the file'}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          remove.mutate(
            { id: paper._id, fileId: toDelete!._id },
            {
              onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
              onError: (err) =>
                notify(errorMessage(err, CHAIR_PAPER_MESSAGES.somethingWrongUpdating), 'error'),
              onSettled: () => setToDelete(null),
            },
          )
        }
      />
    </Paper>
  );
}

function Questions({ questions }: { questions: AnsweredQuestion[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Questions
      </Typography>
      {questions.length === 0 ? (
        <Typography color="text.secondary">No answers.</Typography>
      ) : (
        <Table size="small" aria-label="Questions">
          <TableBody>
            {questions.map((q, i) => (
              <TableRow key={i}>
                <TableCell sx={{ width: '50%' }}>{q.title}</TableCell>
                <TableCell>{q.answer ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** /EditPaperCameraReady/{paperId} and /EditPaperPresentationReady/{paperId}: that stage's files and answers. */
export function EditPaperStage({ stage }: { stage: 'cameraReady' | 'presentationReady' }) {
  const parts = stage === 'cameraReady' ? CAMERA_READY_PARTS : PRESENTATION_READY_PARTS;
  return (
    <PaperScreen title={stage === 'cameraReady' ? 'Camera-ready material' : 'Presentation-ready material'}>
      {(paper) => (
        <>
          <Typography sx={{ mb: 2 }}>
            {stage === 'cameraReady'
              ? `Camera-ready submitted: ${paper.submittedCameraReady ? 'yes' : 'no'}`
              : `Presentation-ready submitted: ${paper.submittedPresentationReady ? 'yes' : 'no'}`}
          </Typography>
          {parts.map((part) => (
            <FilePart key={part} paper={paper} part={part} />
          ))}
          <Questions questions={paper[stage].questions} />
        </>
      )}
    </PaperScreen>
  );
}

/** /ManagePaperFiles/{paperId}: every file of the paper, by part: download, delete, upload. */
export function ManagePaperFiles() {
  const parts: PaperFilePart[] = ['abstract', ...CAMERA_READY_PARTS, ...PRESENTATION_READY_PARTS];
  return (
    <PaperScreen title="Paper files">
      {(paper) => (
        <>
          {parts.map((part) => (
            <FilePart key={part} paper={paper} part={part} />
          ))}
          <PaperChecksPanel paperId={paper._id} />
        </>
      )}
    </PaperScreen>
  );
}
