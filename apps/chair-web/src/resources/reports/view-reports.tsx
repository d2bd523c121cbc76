import { Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { REPORT_MESSAGES, type ReportCategory, type ReportDto } from '@symposium/domain';
import { errorMessage, QueryState, useConferenceTimeText, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { ReportSummaryView } from './report-summary';
import { useDownloadReport, useReports } from './api/queries';
import { useGenerateReport } from './api/mutations';
import { ItemTable } from '../../components/data-table';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Hides a table header's text on screen but keeps it for screen readers (axe: no empty table header); its cell is
 * positioned, so the hidden text stays inside the table's scrolling box on a narrow screen.
 */

/**
 * /ViewReports: generate a User or Paper report (of every track for chairs, of their tracks for track
 * chairs), the reports generated so far (download each as xlsx), and the selected report's summary.
 */
export function ViewReports() {
  const when = useConferenceTimeText();
  const notify = useNotify();
  const reports = useReports();
  const generate = useGenerateReport();
  const downloadXlsx = useDownloadReport();
  const [selected, setSelected] = useState<number | null>(null);

  const onGenerate = (category: ReportCategory) =>
    generate.mutate(category, {
      onSuccess: (created) => {
        setSelected(created._id);
        notify(REPORT_MESSAGES.generated);
      },
      onError: (e) => notify(errorMessage(e, 'The report could not be generated'), 'error'),
    });

  const onDownload = async (r: ReportDto) => {
    try {
      await downloadXlsx(r);
    } catch (e) {
      notify(errorMessage(e, 'The report could not be downloaded'), 'error');
    }
  };

  return (
    <>
      <PageTitle
        title="Reports"
        subtitle="Papers, reviews, registrations and people at a glance, with what still needs fixing."
        actions={
          <>
            <Button variant="contained" disabled={generate.isPending} onClick={() => onGenerate('Paper')}>
              Generate paper report
            </Button>
            <Button variant="outlined" disabled={generate.isPending} onClick={() => onGenerate('User')}>
              Generate user report
            </Button>
          </>
        }
      />
      <QueryState queries={[reports]} fallback="The reports could not be obtained">
        {() => {
          const list = reports.data ?? [];
          const current = list.find((r) => r._id === selected) ?? list[0];
          return (
            <Stack spacing={3}>
              <ItemTable
                label="Generated reports"
                columns={[
                  'Generated',
                  'Category',
                  'Tracks',
                  { label: 'Size', align: 'right' },
                  { label: 'Actions', hidden: true },
                ]}
                rows={list}
                emptyText="No report generated yet."
                renderRow={(r) => (
                  <TableRow
                    key={r._id}
                    hover
                    selected={r._id === current?._id}
                    data-testid={`report-row-${r._id}`}
                  >
                    <TableCell>{when(r.createdAt)}</TableCell>
                    <TableCell>{r.category}</TableCell>
                    <TableCell>{r.trackIds === null ? 'All tracks' : 'My tracks'}</TableCell>
                    <TableCell align="right">{kb(r.size)}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        <Button size="small" onClick={() => setSelected(r._id)}>
                          Show
                        </Button>
                        <Button size="small" onClick={() => void onDownload(r)}>
                          Download xlsx
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                )}
              />
              {current ? (
                <Stack spacing={2} data-testid="report-summary">
                  <Typography variant="h5" component="h2">
                    {current.category} report of {when(current.createdAt)}
                  </Typography>
                  <ReportSummaryView summary={current.summary} />
                </Stack>
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
    </>
  );
}
