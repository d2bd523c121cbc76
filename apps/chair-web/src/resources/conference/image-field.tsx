import { Box, Button, FormHelperText, Paper, Stack, Typography } from '@mui/material';
import { CONFERENCE_MESSAGES, IMAGE_MAX_BYTES } from '@symposium/domain';
import { useEffect, useId, useRef, useState } from 'react';

/** Image types the API accepts for the banner and the logo (it checks the bytes too). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isValidImage = (file: File): boolean =>
  IMAGE_TYPES.includes(file.type) && file.size > 0 && file.size <= IMAGE_MAX_BYTES;

/** What happens to a stored image on save: kept, replaced by a new file, or removed. */
export type ImageChange = File | 'remove' | null;

/** Picks an image file and previews it (the chosen file, else the stored image). */
export function ImageField({
  label,
  name,
  currentUrl,
  change,
  error,
  onChange,
}: {
  label: string;
  name: string;
  currentUrl: string | null;
  change: ImageChange;
  error?: string;
  onChange: (change: ImageChange, error?: string) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = change instanceof File ? change : null;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = change === 'remove' ? null : (preview ?? currentUrl);
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {label}
      </Typography>
      <Box
        sx={{
          height: 140,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          mb: 1,
          borderRadius: 1,
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={`${label} preview`}
            data-testid={`${name}-preview`}
            sx={{ maxHeight: 130, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography color="text.secondary">
            {change === 'remove' ? 'Removed when you save' : 'No image'}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        {/* A real button that opens the hidden picker (a <label role=button> is not an allowed role). */}
        <Button
          variant="outlined"
          size="small"
          aria-describedby={`${inputId}-help`}
          onClick={() => input.current?.click()}
        >
          Choose {label.toLowerCase()}
        </Button>
        <input
          ref={input}
          id={inputId}
          name={name}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!picked) return;
            if (!isValidImage(picked)) onChange(null, CONFERENCE_MESSAGES.invalidFile);
            else onChange(picked);
          }}
        />
        {file ? (
          <Typography variant="body2" noWrap sx={{ maxWidth: 160 }}>
            {file.name}
          </Typography>
        ) : null}
        {change ? (
          <Button size="small" variant="text" onClick={() => onChange(null)}>
            {currentUrl ? 'Keep the current one' : 'Clear'}
          </Button>
        ) : currentUrl ? (
          <Button size="small" variant="text" color="error" onClick={() => onChange('remove')}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Stack>
      <FormHelperText id={`${inputId}-help`} error={Boolean(error)} aria-live="polite">
        {error ?? `PNG, JPEG, GIF or WebP, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`}
      </FormHelperText>
    </Paper>
  );
}
