import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { MAIL_HISTORY_MESSAGES, type EmailDto } from '@symposium/domain';
import { ConferenceTime, routeId } from '@symposium/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { addressList, MailStateChip } from '../../components/mail-labels';
import { ResendEmailButton } from './resend-email-button';
import { useEmail } from './api/queries';

/** /ViewEmail/{emailId}: one message — every field of §3 Email and its delivery — and Resend when it failed. */
export function EmailView() {
  const { emailId } = useParams();
  const id = routeId(emailId);
  const email = useEmail(id);
  if (Number.isNaN(id)) return <Alert severity="error">{MAIL_HISTORY_MESSAGES.notFound}</Alert>;
  return (
    <>
      <PageTitle
        title={`E-mail ${id}`}
        actions={
          <Button variant="text" component={Link} to={paths.viewEmailHistory}>
            Back to the history
          </Button>
        }
      />
      <QueryView query={email}>{(mail) => <EmailDetails mail={mail} />}</QueryView>
    </>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} sx={{ py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 160, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Stack>
  );
}

function EmailDetails({ mail }: { mail: EmailDto }) {
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Delivery">
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <MailStateChip state={mail.state} />
          <ResendEmailButton mail={mail} />
        </Stack>
        <Field label="Attempts" testId="email-attempts">
          {mail.attempts}
        </Field>
        <Field label="Last SMTP answer" testId="email-last-response">
          {mail.lastResponse ?? '—'}
        </Field>
        <Field label="Created" testId="email-created">
          <ConferenceTime value={mail.createdAt} />
        </Field>
        <Field label="Sent" testId="email-sent-at">
          <ConferenceTime value={mail.sentAt} />
        </Field>
        {mail.state === 'queued' || mail.state === 'sending' ? (
          <Field label="Next attempt" testId="email-next-attempt">
            <ConferenceTime value={mail.nextAttemptAt} />
          </Field>
        ) : null}
        <Field label="Kind" testId="email-kind">
          {mail.kind}
        </Field>
        {mail.paperId !== null ? (
          <Field label="Paper" testId="email-paper">
            <Link to={paths.viewPaperReviews(mail.paperId)}>Paper {mail.paperId}</Link>
          </Field>
        ) : null}
        {mail.sendId !== null ? (
          <Field label="Bulk send" testId="email-send">
            {mail.sendId}
          </Field>
        ) : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Message">
        <Field label="Subject" testId="email-subject">
          {mail.subject}
        </Field>
        <Field label="To" testId="email-to">
          {addressList(mail.to)}
        </Field>
        <Field label="Cc" testId="email-cc">
          {addressList(mail.cc)}
        </Field>
        <Field label="Bcc" testId="email-bc">
          {addressList(mail.bc)}
        </Field>
        <Field label="Reply-to" testId="email-reply-to">
          {mail.replyTo || '—'}
        </Field>
        <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
          Text
        </Typography>
        <Box
          component="pre"
          data-testid="email-text"
          sx={{
            m: 0,
            p: 2,
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: 'inherit',
          }}
        >
          {mail.text}
        </Box>
      </Paper>
    </>
  );
}
