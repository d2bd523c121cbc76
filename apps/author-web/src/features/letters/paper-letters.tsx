import { Button, Stack, Typography } from '@mui/material';
import type { AuthorLetterDto } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { downloadLetter, useAuthorLetters } from './api';

/**
 * The letters a chair enabled for the paper (acceptance letter, certificate, invitation letter), each a
 * button downloading the PDF issued to the signed-in author. A letter that cannot be downloaded yet (not
 * signed by the conference, or the paper does not fit it) has no button; the server's reason is shown
 * instead. Nothing is shown when none is enabled.
 */
export function PaperLetters({ paperId }: { paperId: number }) {
  const notify = useNotify();
  const letters = useAuthorLetters(paperId);
  const [busy, setBusy] = useState<string | null>(null);
  // Loaded and empty: an invisible mark (nothing to offer), so a reader can tell it from still loading.
  if (letters.data && !letters.data.length) return <span hidden data-testid="no-letters" />;
  if (!letters.data?.length) return null;
  const get = (letter: AuthorLetterDto) => {
    setBusy(letter.kind);
    downloadLetter(paperId, letter.kind)
      .catch((err: unknown) => notify(errorMessage(err, 'The download failed'), 'error'))
      .finally(() => setBusy(null));
  };
  return (
    <Stack spacing={0.5} sx={{ my: 1 }} data-testid="paper-letters">
      <Typography variant="subtitle2" color="text.secondary">
        Letters
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {letters.data
          .filter((l) => l.available)
          .map((l) => (
            <Button
              key={l.kind}
              size="small"
              variant="outlined"
              data-kind={l.kind}
              disabled={busy !== null}
              onClick={() => get(l)}
            >
              {busy === l.kind ? 'Preparing…' : `Download ${l.label.toLowerCase()}`}
            </Button>
          ))}
      </Stack>
      {letters.data
        .filter((l) => !l.available)
        .map((l) => (
          <Typography key={l.kind} variant="body2" color="text.secondary" data-unavailable={l.kind}>
            {l.label}: {l.reason}
          </Typography>
        ))}
    </Stack>
  );
}
