import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { ChairPaperDto } from '@symposium/domain';
import { api, errorMessage, useNotify } from '@symposium/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { authorNames } from './paper-labels';
import { useRolePrefix } from '../../hooks/use-role-prefix';

export const PAPER_EMAIL_SENT = 'The e-mail was sent to the authors of the paper';

/** POST /papers/email/{paperId}: a message (subject and text) to every author of the paper, through the outbox. */
export function PaperEmailDialog({
  paper,
  open,
  onClose,
}: {
  paper: ChairPaperDto;
  open: boolean;
  onClose: () => void;
}) {
  const prefix = useRolePrefix();
  const notify = useNotify();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api<{ ok: true }>('POST', `/api/${prefix}/papers/email/${paper._id}`, { subject, text }),
  });
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`email-${paper._id}`}>
      <DialogTitle id={`email-${paper._id}`}>E-mail the authors of paper {paper._id}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">To: {authorNames(paper) || 'no authors'}</Alert>
          {send.isError ? <Alert severity="error">{errorMessage(send.error)}</Alert> : null}
          <TextField
            label="Subject"
            name="subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextField
            label="Message"
            name="text"
            multiline
            minRows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={close} disabled={send.isPending}>
          Cancel
        </Button>
        <Button
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: () => {
                notify(PAPER_EMAIL_SENT);
                setSubject('');
                setText('');
                close();
              },
            })
          }
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
