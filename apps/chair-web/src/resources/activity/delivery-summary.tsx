import {
  Alert,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MAIL_STATES, type DeliveryDay, type MailState } from '@symposium/domain';
import { errorMessage } from '@symposium/ui';
import { useState } from 'react';
import { MAIL_STATE_LABELS } from '../../components/mail-labels';
import { useDelivery } from './api/queries';
import { scrollRegion } from '../../components/data-table';

const COLORS: Record<MailState, string> = {
  queued: 'grey.400',
  sending: 'info.main',
  sent: 'success.main',
  failed: 'error.main',
};

const shrink = { inputLabel: { shrink: true } } as const;

/** The outbox per day (UTC): queued, sending, sent and failed, as a table with a bar per day. */
export function DeliverySummary() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const delivery = useDelivery({ from, to });
  const days = delivery.data ?? [];
  const busiest = Math.max(1, ...days.map(total));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} aria-label="Delivery summary">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Delivery per day
        </Typography>
        <TextField
          label="Delivery from"
          name="deliveryFrom"
          type="date"
          size="small"
          value={from}
          slotProps={shrink}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label="Delivery to"
          name="deliveryTo"
          type="date"
          size="small"
          value={to}
          slotProps={shrink}
          onChange={(e) => setTo(e.target.value)}
        />
      </Stack>
      {delivery.isError ? <Alert severity="error">{errorMessage(delivery.error)}</Alert> : null}
      <TableContainer {...scrollRegion('Delivery per day')}>
        <Table size="small" aria-label="Delivery per day">
          <TableHead>
            <TableRow>
              <TableCell>Day</TableCell>
              {MAIL_STATES.map((s) => (
                <TableCell key={s} align="right">
                  {MAIL_STATE_LABELS[s]}
                </TableCell>
              ))}
              <TableCell sx={{ width: '35%' }} />
            </TableRow>
          </TableHead>
          <TableBody data-testid="delivery-rows">
            {days.map((day) => (
              <TableRow key={day.day} data-testid={`delivery-${day.day}`}>
                <TableCell>{day.day}</TableCell>
                {MAIL_STATES.map((s) => (
                  <TableCell key={s} align="right" data-testid={`delivery-${s}`}>
                    {day[s]}
                  </TableCell>
                ))}
                <TableCell>
                  <Bar day={day} busiest={busiest} />
                </TableCell>
              </TableRow>
            ))}
            {delivery.data && days.length === 0 ? (
              <TableRow>
                <TableCell colSpan={MAIL_STATES.length + 2}>No e-mails in this period.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const total = (d: DeliveryDay) => d.queued + d.sending + d.sent + d.failed;

/** One stacked bar: each state's share of the busiest day's width. */
function Bar({ day, busiest }: { day: DeliveryDay; busiest: number }) {
  return (
    <Box
      aria-hidden
      sx={{ display: 'flex', height: 12, width: `${(100 * total(day)) / busiest}%`, minWidth: 2 }}
    >
      {MAIL_STATES.map((s) =>
        day[s] > 0 ? (
          <Box
            key={s}
            sx={{ flexGrow: day[s], bgcolor: COLORS[s] }}
            title={`${MAIL_STATE_LABELS[s]}: ${day[s]}`}
          />
        ) : null,
      )}
    </Box>
  );
}
