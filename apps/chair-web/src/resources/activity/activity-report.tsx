import { Button, TableCell, TableRow, TextField, Typography } from '@mui/material';
import {
  ACTIVITY_ACTIONS,
  MAIL_PAGE_SIZE,
  type ActivityEntryDto,
  type ActivityFilter,
} from '@symposium/domain';
import { ConferenceTime, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryDataTable, usePagedFilter, type DataColumn } from '../../components/data-table';
import { FilterPanel } from '../../components/filter-panel';
import { PageTitle } from '../../components/page-title';
import { optionsOf, SelectField } from '../../components/select-field';
import { paths } from '../../config/paths';
import { ACTIVITY_ACTION_LABELS, actionLabel } from './activity-labels';
import { DeliverySummary } from './delivery-summary';
import { exportActivity, useActivityPage } from './api/queries';

const COLUMNS: DataColumn<never>[] = [
  { label: 'When' },
  { label: 'Who' },
  { label: 'Action' },
  { label: 'Summary' },
  { label: 'Paper' },
];

/**
 * /ViewActivityReports/: the conference's activity log — who did what and when, with the chair acting as
 * them when impersonated — with filters (action, actor, paper, dates), pages of 100 and an xlsx export;
 * then the delivery summary of the outbox per day.
 */
export function ActivityReport() {
  const notify = useNotify();
  const { filter, page, apply, paging } = usePagedFilter<ActivityFilter>({}, MAIL_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const entries = useActivityPage(filter, page + 1);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportActivity(filter);
    } catch (err) {
      notify(errorMessage(err, 'The activity could not be exported'), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageTitle
        title="Activity reports"
        subtitle="Who did what and when in the conference."
        actions={
          <Button variant="outlined" disabled={exporting} onClick={() => void onExport()}>
            Export xlsx
          </Button>
        }
      />
      <ActivityFilterForm onApply={apply} />
      <QueryDataTable
        query={entries}
        errorTestId="load-error"
        label="Activity"
        columns={COLUMNS}
        noun="action"
        countTestId="activity-count"
        bodyTestId="activity-rows"
        emptyText="No activity matches."
        paging={paging}
        renderRow={(entry) => <ActivityRow key={entry._id} entry={entry} />}
      />
      <DeliverySummary />
    </>
  );
}

/** The filter fields, applied together. A paper id that is not a whole number is refused here. */
function ActivityFilterForm({ onApply }: { onApply: (filter: ActivityFilter) => void }) {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [paperId, setPaperId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [paperError, setPaperError] = useState('');
  const apply = () => {
    const paper = paperId.trim();
    if (paper && !/^[1-9]\d{0,9}$/.test(paper)) {
      setPaperError('Please fill in a paper id');
      return;
    }
    setPaperError('');
    onApply({ action, actor, ...(paper ? { paperId: Number(paper) } : {}), from, to });
  };
  const clear = () => {
    setAction('');
    setActor('');
    setPaperId('');
    setFrom('');
    setTo('');
    setPaperError('');
    onApply({});
  };
  return (
    <FilterPanel
      label="Filter activity"
      from={from}
      to={to}
      onFromChange={setFrom}
      onToChange={setTo}
      onApply={apply}
      onClear={clear}
      alignTop
    >
      <SelectField
        label="Action"
        name="action"
        value={action}
        none="Any"
        options={optionsOf(ACTIVITY_ACTIONS, (a) => ACTIVITY_ACTION_LABELS[a])}
        sx={{ minWidth: 220 }}
        onChange={(e) => setAction(e.target.value)}
      />
      <TextField
        label="Who"
        name="actor"
        value={actor}
        helperText="Name or e-mail"
        onChange={(e) => setActor(e.target.value)}
      />
      <TextField
        label="Paper id"
        name="paperId"
        value={paperId}
        inputMode="numeric"
        error={Boolean(paperError)}
        helperText={paperError || ' '}
        sx={{ maxWidth: { md: 140 } }}
        onChange={(e) => setPaperId(e.target.value)}
      />
    </FilterPanel>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntryDto }) {
  return (
    <TableRow hover data-testid={`activity-${entry._id}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <ConferenceTime value={entry.at} />
      </TableCell>
      <TableCell>
        <Typography variant="body2">{entry.actor ? entry.actor.name || entry.actor.email : '—'}</Typography>
        {entry.impersonator ? (
          <Typography variant="caption" color="text.secondary" data-testid="activity-impersonator">
            as {entry.impersonator.name || entry.impersonator.email} (impersonating)
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{actionLabel(entry.action)}</TableCell>
      <TableCell>{entry.summary}</TableCell>
      <TableCell>
        {entry.paperId !== null ? (
          <Link to={paths.viewPaperReviews(entry.paperId)}>Paper {entry.paperId}</Link>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
