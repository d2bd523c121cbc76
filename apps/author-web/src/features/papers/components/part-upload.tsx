import { Box, Button, Link, Stack, Typography } from '@mui/material';
import {
  fileSizeLimitBytes,
  fileTooLargeMessage,
  isNameAllowedForPart,
  PAPER_FILE_LABELS,
  PAPER_MESSAGES,
  PART_EXTENSIONS,
  type PaperFileDto,
  type PaperFilePart,
} from '@symposium/domain';
import { errorMessage, FileUpload, refusedCheck, useNotify } from '@symposium/ui';
import { useRef, useState } from 'react';
import { isCheckedFile, useEnsurePreflight, usePreflights } from '../api/checks';
import { paperFileUrl } from '../api/papers';
import { useDeletePaperFile, useUploadPart } from '../api/final-material';
import { formatSize } from './paper-files';
import { PreflightPanel, preflightState, RefusedCheck } from './pdf-checks';

/** The camera-ready checks of a part: the track and the authors on the wizard (for the anonymity checks). */
export interface PartCheck {
  trackId: number;
  authors: number[];
}

/**
 * One camera-ready or presentation-ready file: the stored one (download, delete) and an upload box that
 * checks the §5 name rule of the part and the size limit (decimal MB) before sending it.
 */
export function PartUpload({
  paperId,
  part,
  file,
  sizeLimitMb,
  allowedFiles,
  optional = false,
  check,
}: {
  paperId: number;
  part: PaperFilePart;
  file: PaperFileDto | null;
  sizeLimitMb: number;
  allowedFiles?: readonly string[];
  optional?: boolean;
  /** Check a chosen PDF against the track's camera-ready rules before uploading it. */
  check?: PartCheck;
}) {
  const notify = useNotify();
  const upload = useUploadPart(paperId);
  const remove = useDeletePaperFile(paperId);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReturnType<typeof refusedCheck>>(null);
  // a PDF waiting for its preflight, or shown with its findings until the author uploads it anyway or drops it
  const [pending, setPending] = useState<File | null>(null);
  const latest = useRef<File | null>(null);
  const ensurePreflight = useEnsurePreflight();
  const preflight = usePreflights(
    check?.trackId ?? 0,
    'cameraReady',
    pending ? [pending] : [],
    check?.authors ?? [],
  );
  const { checking, blocking } = preflightState(preflight.items);
  const extensions = allowedFiles
    ? PART_EXTENSIONS[part].filter((e) => allowedFiles.map((a) => a.toLowerCase()).includes(e))
    : PART_EXTENSIONS[part];
  const validate = (f: File): string | null => {
    if (!isNameAllowedForPart(f.name, part, allowedFiles) || f.size <= 0) return PAPER_MESSAGES.invalidFile;
    if (f.size > fileSizeLimitBytes(sizeLimitMb)) return fileTooLargeMessage(sizeLimitMb);
    return null;
  };
  const busy = upload.isPending || remove.isPending;

  const send = (f: File) => {
    setPending(null);
    latest.current = null;
    upload.mutate(
      { part, file: f },
      {
        onSuccess: (r) => notify(r.message),
        onError: (e) => {
          // a track that blocks refuses a PDF with findings (checks.blocked): its findings show under the message
          setRefused(refusedCheck(e));
          setProblem(errorMessage(e));
        },
      },
    );
  };
  /** A PDF is checked first: uploaded at once when it passes (or cannot be checked now), else shown. */
  const take = async (f: File) => {
    setProblem(null);
    setRefused(null);
    if (!check || !isCheckedFile(f)) return send(f);
    latest.current = f;
    setPending(f);
    const result = await ensurePreflight(check.trackId, 'cameraReady', f, check.authors).catch(() => null);
    if (latest.current !== f) return;
    if (result === null || result.status === 'passed') send(f);
  };

  return (
    <Box data-testid={`part-${part}`}>
      <Typography variant="subtitle1">
        {PAPER_FILE_LABELS[part]}
        {optional ? ' (optional)' : ''}
      </Typography>
      {file ? (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 1 }}>
          <Link href={paperFileUrl(paperId, file._id)} download={file.name} data-testid="stored-file">
            {file.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {formatSize(file.size)}
          </Typography>
          <Button
            variant="text"
            color="error"
            size="small"
            disabled={busy}
            aria-label={`Delete ${file.name}`}
            onClick={() =>
              remove.mutate(file._id, {
                onSuccess: (r) => notify(r.message),
                onError: (e) => setProblem(errorMessage(e)),
              })
            }
          >
            Delete
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          No file yet
        </Typography>
      )}
      <FileUpload
        label={PAPER_FILE_LABELS[part]}
        name={part}
        extensions={extensions}
        disabled={busy || checking}
        validate={validate}
        error={problem}
        onFiles={([f]) => void take(f!)}
      />
      <RefusedCheck result={refused} />
      {pending && !checking ? (
        <>
          <PreflightPanel preflights={preflight.items} />
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button disabled={busy || blocking} onClick={() => send(pending)}>
              Upload anyway
            </Button>
            <Button
              variant="text"
              onClick={() => {
                latest.current = null;
                setPending(null);
              }}
            >
              Do not upload
            </Button>
          </Stack>
        </>
      ) : pending ? (
        <PreflightPanel preflights={preflight.items} />
      ) : null}
      <Typography variant="caption" color="text.secondary">
        At most {sizeLimitMb} MB
      </Typography>
    </Box>
  );
}
