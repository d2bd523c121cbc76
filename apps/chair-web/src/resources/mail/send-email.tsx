import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  MAX_SUBJECT_LENGTH,
  MAX_TEXT_LENGTH,
  SEND_MESSAGES,
  templateProblems,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type PaperRecipients,
  type PreviewResponse,
  type RecipientSelection,
  type SendRequest,
  type SendResponse,
} from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { PaperFilterBar } from '../../components/paper-filter-bar';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { AddressListField } from './address-list-field';
import { initialSelection } from '../../components/mail-selection';
import { PlaceholderList, usePlaceholderInsert } from '../../components/placeholder-list';
import { PREVIEW_PAGE_SIZE, PreviewPanel, type UntickedMessage } from './preview-panel';
import { SelectionSummary } from './selection-summary';
import { useEmailSettings, useEmailTemplates } from './api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { usePreview, useSend } from './api/mutations';

const RECIPIENT_LABELS: Record<PaperRecipients, string> = {
  primaryAuthor: 'Primary author of each paper',
  authors: 'All authors of each paper',
  registered: 'Authors of registered papers',
};

const copiesHelp = (defaults: string[]) =>
  defaults.length
    ? `Added to the default copies of the e-mail settings: ${defaults.join(', ')}`
    : 'Press Enter or comma after each address';

const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * /SendEmail (?primaryAuthor | ?authors | ?registered, ?filter, ?emailId) and /SendEmail/:filter/:param
 * (a paper or user list's selection): compose, preview every rendered message, untick recipients, send.
 */
export function SendEmail() {
  const location = useLocation();
  const settings = useEmailSettings();
  const templates = useEmailTemplates();
  return (
    <>
      <PageTitle
        title="Send e-mail"
        subtitle="Every message is rendered and shown before anything is sent."
      />
      <QueryView query={settings}>
        {(s) => (
          <QueryView query={templates}>
            {(t) => <Compose key={location.pathname + location.search} settings={s} templates={t} />}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}

function Compose({ settings, templates }: { settings: EmailSettingsDto; templates: EmailTemplateDto[] }) {
  const route = useParams<{ filter: string; param: string }>();
  const [query] = useSearchParams();
  const prefix = useRolePrefix();
  const notify = useNotify();
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const preview = usePreview();
  const send = useSend();

  const init = useMemo(() => initialSelection(route, query), [route, query]);
  const queryTemplate = templates.find((t) => String(t._id) === query.get('emailId')) ?? null;
  const [selection, setSelection] = useState<RecipientSelection>(init.selection);
  const [emailId, setEmailId] = useState<number | null>(queryTemplate?._id ?? null);
  const [subject, setSubject] = useState(queryTemplate?.subject ?? '');
  const [text, setText] = useState(queryTemplate?.text ?? '');
  // The settings' default copies are always added by the server: these are the extra ones.
  const [cc, setCc] = useState<string[]>([]);
  const [bcc, setBcc] = useState<string[]>([]);
  const [replyTo, setReplyTo] = useState(settings.replyTo);
  const [unticked, setUnticked] = useState<UntickedMessage[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [shown, setShown] = useState<{ request: string; response: PreviewResponse } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<SendResponse | null>(null);
  const [error, setError] = useState('');
  const { insert, subjectProps, textProps } = usePlaceholderInsert(subject, setSubject, text, setText);

  const request = (exclude: UntickedMessage[]): SendRequest => ({
    recipients: selection,
    ...(emailId === null ? {} : { emailId }),
    subject,
    text,
    cc,
    bc: bcc,
    replyTo: replyTo.trim(),
    exclude: exclude.map((u) => u.key),
  });
  const current = JSON.stringify(request(unticked));
  const fresh = shown !== null && shown.request === current;
  const problems = templateProblems(subject, text);
  const missing = !subject.trim()
    ? SEND_MESSAGES.subjectRequired
    : !text.trim()
      ? SEND_MESSAGES.textRequired
      : '';

  const runPreview = (cp: number, exclude = unticked) => {
    setError('');
    const body = request(exclude);
    preview.mutate(
      { ...body, cp, pg: PREVIEW_PAGE_SIZE },
      {
        onSuccess: (response) => {
          const last = Math.max(1, Math.ceil(response.count / PREVIEW_PAGE_SIZE));
          // Unticking the last message of the last page leaves that page empty: show the page before.
          if (response.page.length === 0 && cp > last) runPreview(last, exclude);
          else setShown({ request: JSON.stringify(body), response });
        },
        onError: (err) => {
          setShown(null);
          setError(errorMessage(err, SEND_MESSAGES.error));
        },
      },
    );
  };
  const toggle = (m: UntickedMessage, include: boolean) => {
    const next = include ? unticked.filter((u) => u.key !== m.key) : [...unticked, m];
    setUnticked(next);
    runPreview(shown?.response.cp ?? 1, next);
  };
  const pickTemplate = (id: string) => {
    const t = templates.find((x) => String(x._id) === id);
    setEmailId(t?._id ?? null);
    if (t) {
      setSubject(t.subject);
      setText(t.text);
    }
  };
  const doSend = () => {
    setError('');
    send.mutate(
      { ...request(unticked), idempotencyKey },
      {
        onSuccess: (res) => {
          setSent(res);
          setShown(null);
          setUnticked([]);
          // The compose is done: a next send from this screen is a new one.
          setIdempotencyKey(newKey());
          notify(SEND_MESSAGES.queued(res.count));
        },
        onError: (err) => {
          const message = errorMessage(err, SEND_MESSAGES.error);
          setError(message);
          notify(message, 'error');
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  const response = shown?.response;
  const pages = response ? Math.max(1, Math.ceil(response.count / PREVIEW_PAGE_SIZE)) : 1;
  const canSend = fresh && response !== undefined && response.errors.length === 0 && response.count > 0;
  const busy = preview.isPending || send.isPending;

  return (
    <Stack spacing={2}>
      {init.invalid ? (
        <Alert severity="warning">The selection in the address is not valid: all papers are used.</Alert>
      ) : null}
      {sent ? (
        <Alert
          severity="success"
          data-testid="send-result"
          action={
            <Button component={Link} to={paths.viewEmailHistory} size="small" variant="text">
              E-mail history
            </Button>
          }
        >
          {SEND_MESSAGES.ok}: {SEND_MESSAGES.queued(sent.count)}
          {sent.repeated ? ' (already queued earlier: nothing new was sent)' : ''}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" data-testid="send-error">
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2">
            Recipients
          </Typography>
          <SelectionSummary
            selection={selection}
            tracks={tracks.data ?? []}
            statuses={statuses.data ?? []}
            trackChair={prefix === 'cochair'}
          />
          {selection.kind === 'papers' ? (
            <FormControl>
              <FormLabel id="recipients-label">Send to</FormLabel>
              <RadioGroup
                row
                aria-labelledby="recipients-label"
                value={selection.who}
                onChange={(e) => setSelection({ ...selection, who: e.target.value as PaperRecipients })}
              >
                {(Object.keys(RECIPIENT_LABELS) as PaperRecipients[]).map((r) => (
                  <FormControlLabel key={r} value={r} control={<Radio />} label={RECIPIENT_LABELS[r]} />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
        </Stack>
      </Paper>
      {selection.kind === 'papers' && !init.fromList ? (
        <PaperFilterBar
          tracks={tracks.data ?? []}
          statuses={statuses.data ?? []}
          onApply={(filters) => setSelection({ kind: 'papers', who: selection.who, filters })}
        />
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField
                select
                id="email-template"
                label="Template"
                name="emailId"
                value={emailId === null ? '' : String(emailId)}
                onChange={(e) => pickTemplate(e.target.value)}
                helperText={templates.length ? 'Fills in the subject and the text' : 'No templates yet'}
              >
                <MenuItem value="">
                  <em>No template</em>
                </MenuItem>
                {templates.map((t) => (
                  <MenuItem key={t._id} value={String(t._id)}>
                    {t.subject}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Subject"
                name="subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_SUBJECT_LENGTH } }}
                {...subjectProps}
              />
              <TextField
                label="Text"
                name="text"
                multiline
                minRows={10}
                value={text}
                onChange={(e) => setText(e.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH } }}
                helperText={
                  settings.signature ? 'The signature of the e-mail settings is added below the text.' : ' '
                }
                {...textProps}
              />
              {problems.length ? (
                <Alert severity="error" data-testid="compose-problems">
                  {problems.join(' · ')}
                </Alert>
              ) : null}
              <AddressListField
                label="Cc"
                name="cc"
                value={cc}
                onChange={setCc}
                helperText={copiesHelp(settings.cc)}
              />
              <AddressListField
                label="Bcc"
                name="bcc"
                value={bcc}
                onChange={setBcc}
                helperText={copiesHelp(settings.bcc)}
              />
              <TextField
                label="Reply-to"
                name="replyTo"
                type="email"
                value={replyTo}
                onChange={(e) => setReplyTo(e.target.value)}
              />
              <Stack direction="row" spacing={1} alignItems="center">
                <Button
                  variant="outlined"
                  disabled={busy || problems.length > 0 || Boolean(missing)}
                  onClick={() => runPreview(1)}
                >
                  Preview
                </Button>
                <Button disabled={busy || !canSend} onClick={() => setConfirming(true)}>
                  Send
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {missing ||
                    (shown && !fresh
                      ? 'The e-mail changed since the preview: preview it again before sending.'
                      : !shown
                        ? 'Preview the messages before sending.'
                        : '')}
                </Typography>
              </Stack>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PlaceholderList
            onInsert={insert}
            exclude={selection.kind === 'users' ? ['paper', 'review', 'reminder'] : ['review', 'reminder']}
          />
        </Grid>
      </Grid>
      {response && (fresh || preview.isPending) ? (
        <PreviewPanel
          preview={response}
          pages={pages}
          busy={busy}
          unticked={unticked}
          onPage={(cp) => runPreview(cp)}
          onToggle={toggle}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Send ${response?.count ?? 0} e-mail${response?.count === 1 ? '' : 's'}?`}
        confirmLabel="Send"
        busy={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={doSend}
      >
        <Typography>The messages are queued now and sent in the background.</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
