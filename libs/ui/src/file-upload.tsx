import { Box, ButtonBase, FormHelperText, Typography } from '@mui/material';
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
 * An upload box: one real button that is also the drop zone. Clicking it, or Enter/Space when it has the focus,
 * opens the file picker (limited to `extensions`); files can be dropped on it. Its accessible name is its text
 * ("Choose file — Paper file … or drop a file here (pdf)"). Each chosen file is checked with `validate` before it
 * is handed on; the first problem is shown under the box, announced (role=alert) and linked by aria-describedby.
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

  const errorId = `${id}-error`;

  return (
    <Box>
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
      <ButtonBase
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        aria-describedby={shown ? errorId : undefined}
        data-testid={name ? `upload-${name}` : 'upload'}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          border: 2,
          borderStyle: 'dashed',
          borderColor: shown ? 'error.main' : over ? 'primary.main' : 'text.secondary',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          bgcolor: over ? 'action.hover' : undefined,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          '&.Mui-disabled': { opacity: 0.6 },
        }}
      >
        <Box
          component="span"
          sx={{
            border: 1,
            borderColor: 'primary.main',
            color: 'primary.main',
            borderRadius: 1,
            px: 2,
            py: 0.75,
            fontWeight: 500,
            fontSize: '0.875rem',
            textTransform: 'uppercase',
            letterSpacing: '0.03em',
            whiteSpace: 'nowrap',
          }}
        >
          Choose file{multiple ? 's' : ''}
        </Box>
        <Typography component="span" variant="body2" color="text.secondary">
          {label} — or drop {multiple ? 'files' : 'a file'} here ({extensions.join(', ')})
        </Typography>
      </ButtonBase>
      {shown ? (
        <FormHelperText id={errorId} error role="alert">
          {shown}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
