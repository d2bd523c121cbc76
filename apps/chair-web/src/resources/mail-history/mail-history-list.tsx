import { Button, TableCell, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import {
  MAIL_HISTORY_MESSAGES,
  MAIL_PAGE_SIZE,
  MAIL_STATES,
  type EmailDto,
  type MailFilter,
  type MailState,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryDataTable, usePagedFilter, type DataColumn } from '../../components/data-table';
import { FilterPanel } from '../../components/filter-panel';
import { PageTitle } from '../../components/page-title';
import { optionsOf, SelectField } from '../../components/select-field';
import { paths } from '../../config/paths';
import { addressList, MAIL_STATE_LABELS, MailStateChip } from '../../components/mail-labels';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { ResendEmailButton } from './resend-email-button';
import { useMailPage } from './api/queries';
import { useResendAllFailed } from './api/mutations';

const COLUMNS: DataColumn<never>[] = [
  { label: 'Created' },
  { label: 'To' },
  { label: 'Subject' },
  { label: 'State' },
  { label: 'Attempts' },
  { label: 'Last SMTP answer' },
  { label: '' },
];

/** The failed messages of a filter: the filter with state failed (none when another state is chosen). */
const failedOf = (filter: MailFilter): MailFilter | null =>
  filter.state && filter.state !== 'failed' ? null : { ...filter, state: 'failed' };

/**
 * /ViewEmailHistory/: every message newest first with its delivery state, attempts and the SMTP server's
 * last answer; filters (state, recipient, subject, dates), pages of 100, and resending failed messages
 * one by one or all of the filter at once. Track chairs see (the server gives them) only what they sent.
 */
export function MailHistoryList() {
  const prefix = useRolePrefix();
  const notify = useNotify();
  const { filter, page, apply, paging } = usePagedFilter<MailFilter>({}, MAIL_PAGE_SIZE);
  const [confirmAll, setConfirmAll] = useState(false);
  const mails = useMailPage(filter, page + 1);
  const failedFilter = failedOf(filter);
  // How many the confirm step will queue again: the failed messages of the filter (asked when it opens).
  const failed = useMailPage(failedFilter ?? {}, 1, confirmAll && failedFilter !== null);
  const resendAll = useResendAllFailed();

  return (
    <>
      <PageTitle
        title="E-mail history"
        subtitle={
          prefix === 'chair'
            ? 'Every e-mail of the conference with its delivery state.'
            : 'The e-mails you sent, with their delivery state.'
        }
        actions={
          <Button
            variant="outlined"
            color="error"
            disabled={!failedFilter || resendAll.isPending}
            onClick={() => setConfirmAll(true)}
          >
            Resend all failed
          </Button>
        }
      />
      <MailFilterForm onApply={apply} />
      <QueryDataTable
        query={mails}
        errorTestId="load-error"
        label="E-mails"
        columns={COLUMNS}
        noun="e-mail"
        countTestId="mail-count"
        bodyTestId="mail-rows"
        emptyText="No e-mails match."
        paging={paging}
        renderRow={(m) => <MailRow key={m._id} mail={m} />}
      />
      <ConfirmDialog
        open={confirmAll}
        title="Resend every failed e-mail of this filter?"
        confirmLabel="Resend"
        busy={resendAll.isPending}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => {
          if (!failedFilter) return;
          resendAll.mutate(failedFilter, {
            onSuccess: (res) => notify(MAIL_HISTORY_MESSAGES.resent(res?.count ?? 0)),
            onError: (err) => notify(errorMessage(err), 'error'),
            onSettled: () => setConfirmAll(false),
          });
        }}
      >
        <Typography data-testid="resend-all-count">
          {failed.data === undefined || failed.isPlaceholderData
            ? 'Counting the failed e-mails…'
            : `${failed.data.count} failed e-mail${failed.data.count === 1 ? '' : 's'} will be queued again.`}
        </Typography>
      </ConfirmDialog>
    </>
  );
}

/** The filter fields, applied together (a page of another filter starts at the first page). */
function MailFilterForm({ onApply }: { onApply: (filter: MailFilter) => void }) {
  const [state, setState] = useState<MailState | ''>('');
  const [recipient, setRecipient] = useState('');
  const [subject, setSubject] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const clear = () => {
    setState('');
    setRecipient('');
    setSubject('');
    setFrom('');
    setTo('');
    onApply({});
  };
  return (
    <FilterPanel
      label="Filter e-mails"
      from={from}
      to={to}
      onFromChange={setFrom}
      onToChange={setTo}
      onApply={() => onApply({ state, recipient, subject, from, to })}
      onClear={clear}
    >
      <SelectField
        label="State"
        name="state"
        value={state}
        none="Any"
        options={optionsOf(MAIL_STATES, (s) => MAIL_STATE_LABELS[s])}
        sx={{ minWidth: 130 }}
        onChange={(e) => setState(e.target.value as MailState | '')}
      />
      <TextField
        label="Recipient"
        name="recipient"
        value={recipient}
        onChange={(e) => setRecipient(e.target.value)}
      />
      <TextField
        label="Subject"
        name="subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
      />
    </FilterPanel>
  );
}

function MailRow({ mail }: { mail: EmailDto }) {
  const navigate = useNavigate();
  const open = () => void navigate(paths.viewEmail(mail._id));
  return (
    <TableRow
      hover
      data-testid={`mail-${mail._id}`}
      sx={{ cursor: 'pointer' }}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter') open();
      }}
      tabIndex={0}
      aria-label={`E-mail ${mail._id}: ${mail.subject}`}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <ConferenceTime value={mail.createdAt} />
      </TableCell>
      <TableCell>{addressList(mail.to)}</TableCell>
      <TableCell>{mail.subject}</TableCell>
      <TableCell>
        <MailStateChip state={mail.state} />
      </TableCell>
      <TableCell>{mail.attempts}</TableCell>
      <TableCell sx={{ maxWidth: 280 }}>
        <Tooltip title={mail.lastResponse ?? ''}>
          <Typography variant="body2" noWrap>
            {mail.lastResponse ?? '—'}
          </Typography>
        </Tooltip>
      </TableCell>
      <TableCell align="right" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
        <ResendEmailButton mail={mail} variant="outlined" aria-label={`Resend e-mail ${mail._id}`} />
      </TableCell>
    </TableRow>
  );
}
