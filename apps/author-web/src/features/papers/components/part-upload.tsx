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
import { errorMessage, FileUpload, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { paperFileUrl } from '../api/papers';
import { useDeletePaperFile, useUploadPart } from '../api/final-material';
import { formatSize } from './paper-files';

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
}: {
  paperId: number;
  part: PaperFilePart;
  file: PaperFileDto | null;
  sizeLimitMb: number;
  allowedFiles?: readonly string[];
  optional?: boolean;
}) {
  const notify = useNotify();
  const upload = useUploadPart(paperId);
  const remove = useDeletePaperFile(paperId);
  const [problem, setProblem] = useState<string | null>(null);
  const extensions = allowedFiles
    ? PART_EXTENSIONS[part].filter((e) => allowedFiles.map((a) => a.toLowerCase()).includes(e))
    : PART_EXTENSIONS[part];
  const validate = (f: File): string | null => {
    if (!isNameAllowedForPart(f.name, part, allowedFiles) || f.size <= 0) return PAPER_MESSAGES.invalidFile;
    if (f.size > fileSizeLimitBytes(sizeLimitMb)) return fileTooLargeMessage(sizeLimitMb);
    return null;
  };
  const busy = upload.isPending || remove.isPending;

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
        disabled={busy}
        validate={validate}
        error={problem}
        onFiles={([f]) => {
          setProblem(null);
          upload.mutate(
            { part, file: f! },
            {
              onSuccess: (r) => notify(r.message),
              onError: (e) => setProblem(errorMessage(e)),
            },
          );
        }}
      />
      <Typography variant="caption" color="text.secondary">
        At most {sizeLimitMb} MB
      </Typography>
    </Box>
  );
}
