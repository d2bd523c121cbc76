import { Chip } from '@mui/material';
import type { MailState } from '@symposium/domain';

const STATE_COLORS: Record<MailState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The delivery state of a message as a coloured chip. */
export function MailStateChip({ state }: { state: MailState }) {
  return (
    <Chip
      size="small"
      variant={state === 'queued' ? 'outlined' : 'filled'}
      color={STATE_COLORS[state] ?? 'default'}
      label={MAIL_STATE_LABELS[state] ?? state}
      data-testid="mail-state"
    />
  );
}

/** The addresses of a message, comma-separated, or '—'. */
export const addressList = (list: string[] | null | undefined): string =>
  list && list.length ? list.join(', ') : '—';
