import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useRef, useState, type DragEvent } from 'react';

export interface FileUploadProps {
  /** What the box is for ("Paper file (doc, docx or pdf)"); also the input's accessible name. */
  label: string;
  /** Accepted extensions without the dot (['doc', 'docx', 'pdf']): the picker offers only these. */
  extensions: readonly string[];
  /**
   * Checks one chosen file; returns the message to show (e.g. 'Please select a valid file') or null. Files
   * that fail are not passed on.
   */
  validate?: (file: File) => string | null;
  /** Receives the files that passed `validate`. */
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** A message from outside (the server's answer, a form rule) shown under the box. */
  error?: string | null;
  /** Name of the hidden file input (lets tests and forms find it). */
  name?: string;
}

/**
 * An upload box: a button opening the file picker (limited to `extensions`) and a drop zone. Each chosen file
 * is checked with `validate` before it is handed on; the first problem is shown under the box.
 */
export function FileUpload({
  label,
  extensions,
  validate,
  onFiles,
  multiple = false,
  disabled = false,
  error,
  name,
}: FileUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])].slice(0, multiple ? undefined : 1);
    if (!files.length) return;
    const good: File[] = [];
    let first: string | null = null;
    for (const f of files) {
      const message = validate ? validate(f) : null;
      if (message) first ??= message;
      else good.push(f);
    }
    setProblem(first);
    if (good.length) onFiles(good);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  };
  const shown = problem ?? error ?? null;

  return (
    <Box>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid={name ? `upload-${name}` : 'upload'}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: shown ? 'error.main' : over ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          hidden
          multiple={multiple}
          disabled={disabled}
          aria-label={label}
          accept={extensions.map((e) => `.${e}`).join(',')}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          Choose file{multiple ? 's' : ''}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {label} — or drop {multiple ? 'files' : 'a file'} here ({extensions.join(', ')})
        </Typography>
      </Box>
      {shown ? (
        <FormHelperText error role="alert">
          {shown}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
