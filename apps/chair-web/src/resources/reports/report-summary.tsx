import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  REPORT_COUNT_TITLES,
  REPORT_PIE_SERIES,
  type ReconciliationList,
  type ReportCount,
  type ReportSummary,
  type ReportTable,
} from '@symposium/domain';
import { Link } from 'react-router';
import { ActionsHeaderCell, ItemTable, scrollRegion, scrollSx } from '../../components/data-table';

/**
 * Hides a table header's text on screen but keeps it for screen readers (axe: no empty table header); its cell is
 * positioned, so the hidden text stays inside the table's scrolling box on a narrow screen.
 */

const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();

/** One count series: a chart (pie for parts of a whole, else bars) with its numbers in a table beside it. */
function CountChart({ name, series }: { name: string; series: ReportCount[] }) {
  const title = REPORT_COUNT_TITLES[name] ?? name;
  const total = series.reduce((n, c) => n + c.count, 0);
  const pie = REPORT_PIE_SERIES.includes(name);
  return (
    <Card variant="outlined" data-testid={`chart-${name}`}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {/* The chart keeps at least 260 px: in a half-width card (two columns from lg) its table wraps below it
            instead of squeezing it to nothing; a wider card puts the table beside it. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            {!series.length || total === 0 ? (
              <Typography color="text.secondary">Nothing to show.</Typography>
            ) : pie ? (
              <PieChart
                height={240}
                slotProps={{
                  legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
                }}
                series={[
                  {
                    data: series.map((c, i) => ({ id: i, value: c.count, label: c.label })),
                    innerRadius: 30,
                  },
                ]}
              />
            ) : (
              <BarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: series.map((c) => c.label) }]}
                series={[{ data: series.map((c) => c.count), label: title }]}
                hideLegend
              />
            )}
          </Box>
          <TableContainer
            {...scrollRegion(`${title} numbers`)}
            sx={{ ...scrollSx, flex: '1 1 200px', maxWidth: 360 }}
          >
            <Table size="small" aria-label={`${title} numbers`}>
              <TableHead>
                <TableRow>
                  <ActionsHeaderCell label="Value" />
                  <TableCell align="right">Count</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {series.map((c) => (
                  <TableRow key={c.label}>
                    <TableCell>{c.label}</TableCell>
                    <TableCell align="right">{c.count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

function SummaryTable({ table }: { table: ReportTable }) {
  return (
    <Box data-testid={`table-${slug(table.title)}`}>
      <Typography variant="h6" component="h3" gutterBottom>
        {table.title}
      </Typography>
      <ItemTable
        label={table.title}
        columns={table.columns}
        rows={table.rows.map((row, i) => ({ row, i }))}
        emptyText="No rows."
        renderRow={({ row, i }) => (
          <TableRow key={i}>
            {row.map((v, j) => (
              <TableCell key={j} align={typeof v === 'number' ? 'right' : 'left'}>
                {v ?? ''}
              </TableCell>
            ))}
          </TableRow>
        )}
      />
    </Box>
  );
}

function Reconciliation({ list }: { list: ReconciliationList }) {
  return (
    <Card variant="outlined" data-testid={`reconciliation-${list.key}`}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {list.title} ({list.items.length})
        </Typography>
        {list.items.length ? (
          <List dense>
            {list.items.map((item, i) => (
              <ListItem
                key={`${item.fixPath}-${i}`}
                secondaryAction={
                  <Button component={Link} to={item.fixPath} size="small" variant="outlined">
                    Fix
                  </Button>
                }
              >
                <ListItemText primary={item.label} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">Nothing to fix.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A report's summary: the charts with their numbers, the tables, and the reconciliation lists with fix links. */
export function ReportSummaryView({ summary }: { summary: ReportSummary }) {
  return (
    <Stack spacing={3}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {Object.entries(summary.counts).map(([name, series]) => (
          <CountChart key={name} name={name} series={series} />
        ))}
      </Box>
      {summary.tables.map((t) => (
        <SummaryTable key={t.title} table={t} />
      ))}
      {summary.reconciliation?.length ? (
        <Stack spacing={2}>
          <Typography variant="h5" component="h2">
            Reconciliation
          </Typography>
          {summary.reconciliation.map((l) => (
            <Reconciliation key={l.key} list={l} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
