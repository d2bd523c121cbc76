import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { PreviewResponse, RenderedMessage } from '@symposium/domain';
import { useState, type FormEvent } from 'react';

/** Messages per preview page. */
export const PREVIEW_PAGE_SIZE = 10;

/** Who an unticked message went to, kept so it can be ticked again from any page. */
export interface UntickedMessage {
  key: string;
  label: string;
}

export const messageLabel = (m: RenderedMessage) =>
  `${m.to.firstName} ${m.to.lastName} <${m.to.email}>${m.paperId === null ? '' : ` (paper ${m.paperId})`}`;

/**
 * The server's preview: how many messages would go, who is skipped (notify off), duplicates dropped,
 * render errors, and a pager through every rendered message with a checkbox per message.
 */
export function PreviewPanel({
  preview,
  pages,
  busy,
  unticked,
  onPage,
  onToggle,
}: {
  preview: PreviewResponse;
  pages: number;
  busy: boolean;
  unticked: UntickedMessage[];
  onPage: (cp: number) => void;
  onToggle: (m: UntickedMessage, send: boolean) => void;
}) {
  const [jump, setJump] = useState('');
  const go = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1 && n <= pages) onPage(n);
  };
  const excluded = new Set(unticked.map((u) => u.key));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="preview">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" data-testid="preview-count">
          {preview.count} message{preview.count === 1 ? '' : 's'} will be sent
        </Typography>
        <Typography color="text.secondary" data-testid="preview-figures">
          {preview.excluded} unticked · {preview.duplicates} duplicate{preview.duplicates === 1 ? '' : 's'}{' '}
          dropped · {preview.skipped.length} skipped (e-mail notifications off)
        </Typography>
        {preview.cc.length || preview.bc.length || preview.replyTo ? (
          <Typography variant="body2" color="text.secondary">
            {preview.replyTo ? `Reply-to: ${preview.replyTo}. ` : ''}
            {preview.cc.length ? `Cc: ${preview.cc.join(', ')}. ` : ''}
            {preview.bc.length ? `Bcc: ${preview.bc.join(', ')}.` : ''}
          </Typography>
        ) : null}
        {preview.errors.length ? (
          <Alert severity="error" data-testid="preview-errors">
            <Typography>
              {preview.errors.length} message{preview.errors.length === 1 ? '' : 's'} could not be rendered:
              fix the text before sending.
            </Typography>
            <List dense disablePadding>
              {preview.errors.slice(0, 50).map((e) => (
                <ListItem key={e.key} disableGutters>
                  {e.email}: {e.message}
                </ListItem>
              ))}
            </List>
          </Alert>
        ) : null}
        {preview.skipped.length ? (
          <Alert severity="info" data-testid="preview-skipped">
            <Typography>Skipped, their e-mail notifications are off:</Typography>
            <List dense disablePadding>
              {preview.skipped.map((s) => (
                <ListItem key={s.userId} disableGutters>
                  {s.firstName} {s.lastName} &lt;{s.email}&gt;
                </ListItem>
              ))}
            </List>
          </Alert>
        ) : null}
        {unticked.length ? (
          <Box data-testid="preview-unticked">
            <Typography variant="body2" gutterBottom>
              Unticked (not sent):
            </Typography>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {unticked.map((u) => (
                <Chip
                  key={u.key}
                  size="small"
                  label={u.label}
                  disabled={busy}
                  onDelete={() => onToggle(u, true)}
                />
              ))}
            </Stack>
          </Box>
        ) : null}
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Button
            variant="outlined"
            size="small"
            disabled={busy || preview.cp <= 1}
            onClick={() => onPage(preview.cp - 1)}
          >
            Previous
          </Button>
          <Typography data-testid="preview-page">
            Page {preview.cp} of {pages}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            disabled={busy || preview.cp >= pages}
            onClick={() => onPage(preview.cp + 1)}
          >
            Next
          </Button>
          <form onSubmit={go} noValidate>
            <Stack direction="row" spacing={1} alignItems="center">
              <TextField
                size="small"
                label="Go to page"
                name="page"
                type="number"
                value={jump}
                onChange={(e) => setJump(e.target.value)}
                slotProps={{ htmlInput: { min: 1, max: pages } }}
                sx={{ width: 130 }}
              />
              <Button type="submit" size="small" variant="outlined" disabled={busy}>
                Go
              </Button>
            </Stack>
          </form>
        </Stack>
        <Stack spacing={1} data-testid="preview-messages">
          {preview.page.map((m) => {
            const label = messageLabel(m);
            const send = !excluded.has(m.key);
            return (
              <Paper
                key={m.key}
                variant="outlined"
                sx={{ p: 1.5, opacity: send ? 1 : 0.55 }}
                data-testid={`message-${m.key}`}
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={send}
                      disabled={busy}
                      onChange={(e) => onToggle({ key: m.key, label }, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `Send to ${label}` } }}
                    />
                  }
                  label={<Typography fontWeight={600}>To: {label}</Typography>}
                />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  <strong>Subject:</strong> {m.subject}
                </Typography>
                <Typography
                  component="pre"
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, mt: 1 }}
                >
                  {m.text}
                </Typography>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
