import { Box, Button, Link as MuiLink, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { findingKind, type CheckReportRowDto, type CheckReportTrackCountsDto } from '@symposium/domain';
import { CHECK_STAGE_LABELS, FINDING_KIND_LABELS } from '@symposium/ui';
import { Link } from 'react-router';
import { ItemTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { useCheckReport, useCheckReportXlsxUrl } from './api/queries';
import { DUPLICATE_KIND_LABELS, percent } from './check-labels';

const COUNT_COLUMNS: { key: Exclude<keyof CheckReportTrackCountsDto, 'track'>; label: string }[] = [
  { key: 'papers', label: 'Papers' },
  { key: 'checked', label: 'Checked' },
  { key: 'format', label: 'Format' },
  { key: 'anonymity', label: 'Anonymity' },
  { key: 'unchecked', label: 'Not checked' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'duplicates', label: 'Duplicates' },
];

/** A bulleted list without bullets inside a table cell. */
const cellList = { listStyle: 'none', p: 0, m: 0, '& > li + li': { mt: 0.5 } } as const;

function ReportRow({ row }: { row: CheckReportRowDto }) {
  const open = row.findings.filter((f) => !f.accepted);
  const accepted = row.findings.length - open.length;
  return (
    <TableRow data-testid={`report-paper-${row.paper.id}`}>
      <TableCell sx={{ minWidth: 200 }}>
        <MuiLink component={Link} to={paths.paperChecks(row.paper.id)}>
          {row.paper.id}. {row.paper.title}
        </MuiLink>
      </TableCell>
      <TableCell>{row.track.name}</TableCell>
      <TableCell sx={{ minWidth: 240 }}>
        {open.length ? (
          <Box component="ul" sx={cellList}>
            {open.map((f, i) => (
              <li key={`${f.fileName}-${f.code}-${i}`}>
                <strong>{FINDING_KIND_LABELS[findingKind(f.code)]}</strong>: {f.message}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({f.fileName}, {CHECK_STAGE_LABELS[f.stage].toLowerCase()})
                </Typography>
              </li>
            ))}
          </Box>
        ) : (
          'None'
        )}
        {accepted ? (
          <Typography variant="body2" color="text.secondary">
            {accepted} accepted
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        {row.duplicates.length ? (
          <Box component="ul" sx={cellList}>
            {row.duplicates.map((d) => (
              <li key={d.pairId}>
                {percent(d.similarity)} {DUPLICATE_KIND_LABELS[d.kind].toLowerCase()} with{' '}
                <MuiLink component={Link} to={paths.paperChecks(d.otherId)}>
                  {d.otherId}. {d.otherTitle}
                </MuiLink>
              </li>
            ))}
          </Box>
        ) : (
          'None'
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The "Report" tab of /SubmissionChecks: the counts of each track (papers, checked, open findings by kind,
 * accepted, duplicates), then each paper with its open findings and duplicate pairs (linked to the papers),
 * and the xlsx of it all.
 */
export function CheckReport() {
  const report = useCheckReport();
  const xlsx = useCheckReportXlsxUrl();
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        sx={{ flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h2">
          Report
        </Typography>
        <Button component="a" href={xlsx} download variant="outlined">
          Download xlsx
        </Button>
      </Stack>
      <QueryView query={report}>
        {(r) => (
          <Stack spacing={3}>
            <ItemTable
              label="Checks by track"
              columns={['Track', ...COUNT_COLUMNS.map((c) => ({ label: c.label, align: 'right' as const }))]}
              rows={r.tracks}
              bodyTestId="report-tracks"
              emptyText="No track."
              renderRow={(t) => (
                <TableRow key={t.track.id} data-testid={`report-track-${t.track.id}`}>
                  <TableCell>{t.track.name}</TableCell>
                  {COUNT_COLUMNS.map((c) => (
                    <TableCell key={c.key} align="right">
                      {t[c.key]}
                    </TableCell>
                  ))}
                </TableRow>
              )}
            />
            <Box>
              <Typography variant="h6" component="h3" gutterBottom>
                Papers with findings or possible duplicates
              </Typography>
              <ItemTable
                label="Papers with findings or possible duplicates"
                columns={['Paper', 'Track', 'Open findings', 'Possible duplicates']}
                rows={r.rows}
                bodyTestId="report-papers"
                emptyText="No paper has a finding or a possible duplicate."
                renderRow={(row) => <ReportRow key={row.paper.id} row={row} />}
              />
            </Box>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
