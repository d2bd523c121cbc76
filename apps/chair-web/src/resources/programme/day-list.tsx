import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { DayDto } from '@symposium/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmMutationDialog } from '../../components/confirm-dialog';
import { EditDeleteButtons, useListDialogs } from '../../components/list-with-dialogs';
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
  const dialogs = useListDialogs<DayDto>();
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
                  <EditDeleteButtons
                    name={day.date}
                    noun="day"
                    onEdit={() => dialogs.edit(day)}
                    onDelete={() => dialogs.remove(day)}
                  />
                }
              />
            ))
          )
        }
      </QueryView>
      {dialogs.editing && dialogs.editing !== 'new' ? (
        <DayDialog day={dialogs.editing} onClose={dialogs.closeEdit} />
      ) : null}
      <ConfirmMutationDialog
        item={dialogs.deleting}
        title={(day) => `Delete ${day.date}?`}
        mutation={remove}
        variables={(day) => day._id}
        done={PROGRAMME_UI_MESSAGES.dayDeleted}
        failed={deleteError}
        onClose={dialogs.closeDelete}
      >
        {(day) => (
          <Typography>
            Its {day.events.length} event{day.events.length === 1 ? '' : 's'} will be deleted too; their
            sessions stay, without an event.
          </Typography>
        )}
      </ConfirmMutationDialog>
    </>
  );
}
