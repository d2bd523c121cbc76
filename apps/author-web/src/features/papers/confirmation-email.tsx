import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { PAPER_MESSAGES } from '@symposium/domain';
import { errorMessage, QueryState, useDocumentTitle, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useConfirmationEmail, useSendConfirmationEmail } from './api/confirmation-email';
import { routeId } from './utils/route-id';

/**
 * /ConfirmationEmail/{paperId}: the confirmation e-mail as the server will send it, to the paper's authors;
 * an author can remove recipients (and add them back) before sending it through the outbox.
 */
export function ConfirmationEmail() {
  useDocumentTitle('Confirmation e-mail');
  const paperId = routeId(useParams().paperId);
  const notify = useNotify();
  const email = useConfirmationEmail(paperId);
  const send = useSendConfirmationEmail(paperId);
  const [removed, setRemoved] = useState<number[]>([]);
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;

  return (
    <QueryState queries={[email]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() => {
        const { to, subject, text } = email.data!;
        const recipients = to.filter((r) => !removed.includes(r._id));
        return (
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              Confirmation e-mail
            </Typography>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2" color="text.secondary">
                To
              </Typography>
              <List dense disablePadding data-testid="recipients">
                {to.map((r) => {
                  const isRemoved = removed.includes(r._id);
                  return (
                    <ListItem
                      key={r._id}
                      disableGutters
                      data-testid="recipient"
                      secondaryAction={
                        isRemoved ? (
                          <Button
                            variant="text"
                            size="small"
                            aria-label={`Add ${r.email} back`}
                            onClick={() => setRemoved(removed.filter((id) => id !== r._id))}
                          >
                            Add back
                          </Button>
                        ) : (
                          <Button
                            variant="text"
                            color="error"
                            size="small"
                            aria-label={`Remove ${r.email}`}
                            onClick={() => setRemoved([...removed, r._id])}
                          >
                            Remove
                          </Button>
                        )
                      }
                    >
                      <ListItemText
                        primary={`${r.firstName} ${r.lastName} <${r.email}>`}
                        sx={
                          isRemoved ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
              <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
                Subject
              </Typography>
              <Typography data-testid="email-subject">{subject}</Typography>
              <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
                Message
              </Typography>
              <Box
                component="pre"
                data-testid="email-text"
                sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}
              >
                {text}
              </Box>
            </Paper>
            {!recipients.length ? <Alert severity="warning">{PAPER_MESSAGES.emailRecipients}</Alert> : null}
            {sentTo ? (
              <Alert severity="success" data-testid="email-sent">
                {PAPER_MESSAGES.emailSent} to {sentTo.join(', ')}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={2}>
              <Button
                disabled={!recipients.length || send.isPending}
                onClick={() =>
                  send.mutate(
                    recipients.map((r) => r._id),
                    {
                      onSuccess: (r) => {
                        setSentTo(r.to);
                        notify(r.message);
                      },
                      onError: (e) => notify(errorMessage(e, PAPER_MESSAGES.submissionFailed), 'error'),
                    },
                  )
                }
              >
                Send
              </Button>
              <Button variant="text" component={Link} to={paths.home}>
                Back to my papers
              </Button>
            </Stack>
          </Stack>
        );
      }}
    </QueryState>
  );
}
