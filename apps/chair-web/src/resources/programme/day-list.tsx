import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { DayDto } from '@symposium/domain';
import { ConfirmDialog, useNotify } from '@symposium/ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary } from './clash-list';
import { ColorSwatch, DayDialog } from './day-form';
import { DayEvents } from './day-events';
import { colorName, deleteError, PROGRAMME_UI_MESSAGES } from './programme-labels';
import { PublishPanel } from './publish-panel';
import { useDays } from './api/queries';
import { useDeleteDay } from './api/mutations';

/** One day: date, desk text, colour, then its events. */
export function DayCard({ day, actions }: { day: DayDto; actions?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, borderLeft: 6, borderLeftColor: day.color }}
      data-testid={`day-${day._id}`}
    >
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {day.date}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          icon={<ColorSwatch color={day.color} />}
          label={colorName(day.color)}
          data-testid="day-color"
        />
        {actions}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="day-desk">
        {day.desk}
      </Typography>
      <DayEvents day={day} />
    </Paper>
  );
}

/** /ViewDays/: the days with their events (edit, delete), the publication status and "Publish programme". */
export function DayList() {
  const days = useDays();
  const remove = useDeleteDay();
  const notify = useNotify();
  const [editing, setEditing] = useState<DayDto | null>(null);
  const [deleting, setDeleting] = useState<DayDto | null>(null);
  return (
    <>
      <PageTitle
        title="Conference days"
        subtitle="The days of the conference with their events. Publish to show this draft to authors."
        actions={
          <>
            <ClashSummary />
            <Button component={Link} to={paths.assignConferenceDays} variant="outlined">
              Add days and events
            </Button>
          </>
        }
      />
      <PublishPanel />
      <QueryView query={days}>
        {(list) =>
          list.length === 0 ? (
            <Alert severity="info">
              No days yet. <Link to={paths.assignConferenceDays}>Add the conference days</Link>.
            </Alert>
          ) : (
            list.map((day) => (
              <DayCard
                key={day._id}
                day={day}
                actions={
                  <>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Edit day ${day.date}`}
                      onClick={() => setEditing(day)}
                    >
                      Edit day
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      aria-label={`Delete day ${day.date}`}
                      onClick={() => setDeleting(day)}
                    >
                      Delete day
                    </Button>
                  </>
                }
              />
            ))
          )
        }
      </QueryView>
      {editing ? <DayDialog day={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete ${deleting?.date ?? 'this day'}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => notify(PROGRAMME_UI_MESSAGES.dayDeleted),
            onError: (err) => notify(deleteError(err), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Typography>
          Its {deleting?.events.length ?? 0} event{deleting?.events.length === 1 ? '' : 's'} will be deleted
          too; their sessions stay, without an event.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
