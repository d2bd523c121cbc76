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
  type EmailSettingsDto,
  type EmailTemplateDto,
  type PaperRecipients,
  type RecipientSelection,
  type SendResponse,
} from '@symposium/domain';
import { ConfirmDialog } from '@symposium/ui';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { PaperFilterBar } from '../../components/paper-filter-bar';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { AddressListField } from './address-list-field';
import { PlaceholderList } from '../../components/placeholder-list';
import { PreviewPanel } from './preview-panel';
import { SelectionSummary } from './selection-summary';
import { useEmailSettings, useEmailTemplates } from './api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { useCompose, type ComposeMessage, type ComposeState, type Copies } from './use-compose';

const RECIPIENT_LABELS: Record<PaperRecipients, string> = {
  primaryAuthor: 'Primary author of each paper',
  authors: 'All authors of each paper',
  registered: 'Authors of registered papers',
};

const copiesHelp = (defaults: string[]) =>
  defaults.length
    ? `Added to the default copies of the e-mail settings: ${defaults.join(', ')}`
    : 'Press Enter or comma after each address';

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
  const prefix = useRolePrefix();
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const c = useCompose(settings, templates);
  const { selection, setSelection, response } = c;

  return (
    <Stack spacing={2}>
      <ComposeOutcome invalid={c.init.invalid} sent={c.sent} error={c.error} />
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
          <RecipientChoice selection={selection} onChange={setSelection} />
        </Stack>
      </Paper>
      {selection.kind === 'papers' && !c.init.fromList ? (
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
              <MessageFields message={c.message} settings={settings} templates={templates} />
              <ComposeActions compose={c} />
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PlaceholderList
            onInsert={c.message.placeholders.insert}
            exclude={selection.kind === 'users' ? ['paper', 'review', 'reminder'] : ['review', 'reminder']}
          />
        </Grid>
      </Grid>
      {response && (c.fresh || c.previewing) ? (
        <PreviewPanel
          preview={response}
          pages={c.pages}
          busy={c.busy}
          unticked={c.unticked}
          onPage={(cp) => c.runPreview(cp)}
          onToggle={c.toggle}
        />
      ) : null}
      <ConfirmDialog
        open={c.confirming}
        title={`Send ${response?.count ?? 0} e-mail${response?.count === 1 ? '' : 's'}?`}
        confirmLabel="Send"
        busy={c.sending}
        onCancel={() => c.setConfirming(false)}
        onConfirm={c.doSend}
      >
        <Typography>The messages are queued now and sent in the background.</Typography>
      </ConfirmDialog>
    </Stack>
  );
}

/** What happened so far: an address selection that was not valid, the last send, the last error. */
function ComposeOutcome({
  invalid,
  sent,
  error,
}: {
  invalid: boolean;
  sent: SendResponse | null;
  error: string;
}) {
  return (
    <>
      {invalid ? (
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
    </>
  );
}

/** For a paper selection: which of each paper's people get the message. */
function RecipientChoice({
  selection,
  onChange,
}: {
  selection: RecipientSelection;
  onChange: (s: RecipientSelection) => void;
}) {
  if (selection.kind !== 'papers') return null;
  return (
    <FormControl>
      <FormLabel id="recipients-label">Send to</FormLabel>
      <RadioGroup
        row
        aria-labelledby="recipients-label"
        value={selection.who}
        onChange={(e) => onChange({ ...selection, who: e.target.value as PaperRecipients })}
      >
        {(Object.keys(RECIPIENT_LABELS) as PaperRecipients[]).map((r) => (
          <FormControlLabel key={r} value={r} control={<Radio />} label={RECIPIENT_LABELS[r]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

const COPY_LABELS: Record<keyof Copies, string> = { cc: 'Cc', bcc: 'Bcc' };

/** Template, subject, text (with the template's problems), copies and reply-to. */
function MessageFields({
  message: m,
  settings,
  templates,
}: {
  message: ComposeMessage;
  settings: EmailSettingsDto;
  templates: EmailTemplateDto[];
}) {
  return (
    <>
      <TextField
        select
        id="email-template"
        label="Template"
        name="emailId"
        value={m.emailId === null ? '' : String(m.emailId)}
        onChange={(e) => m.pickTemplate(e.target.value)}
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
        value={m.subject}
        onChange={(e) => m.setSubject(e.target.value)}
        slotProps={{ htmlInput: { maxLength: MAX_SUBJECT_LENGTH } }}
        {...m.placeholders.subjectProps}
      />
      <TextField
        label="Text"
        name="text"
        multiline
        minRows={10}
        value={m.text}
        onChange={(e) => m.setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH } }}
        helperText={
          settings.signature ? 'The signature of the e-mail settings is added below the text.' : ' '
        }
        {...m.placeholders.textProps}
      />
      {m.problems.length ? (
        <Alert severity="error" data-testid="compose-problems">
          {m.problems.join(' · ')}
        </Alert>
      ) : null}
      {(Object.keys(COPY_LABELS) as (keyof Copies)[]).map((k) => (
        <AddressListField
          key={k}
          label={COPY_LABELS[k]}
          name={k}
          value={m.copies[k]}
          onChange={(v) => m.setCopies({ ...m.copies, [k]: v })}
          helperText={copiesHelp(settings[k])}
        />
      ))}
      <TextField
        label="Reply-to"
        name="replyTo"
        type="email"
        value={m.replyTo}
        onChange={(e) => m.setReplyTo(e.target.value)}
      />
    </>
  );
}

/** Preview and Send, with what stands between the message and sending it. */
function ComposeActions({ compose: c }: { compose: ComposeState }) {
  const { missing, problems } = c.message;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button
        variant="outlined"
        disabled={c.busy || problems.length > 0 || Boolean(missing)}
        onClick={() => c.runPreview(1)}
      >
        Preview
      </Button>
      <Button disabled={c.busy || !c.canSend} onClick={() => c.setConfirming(true)}>
        Send
      </Button>
      <Typography variant="body2" color="text.secondary">
        {missing ||
          (c.shown && !c.fresh
            ? 'The e-mail changed since the preview: preview it again before sending.'
            : !c.shown
              ? 'Preview the messages before sending.'
              : '')}
      </Typography>
    </Stack>
  );
}
