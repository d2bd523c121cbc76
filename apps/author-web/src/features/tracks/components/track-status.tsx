import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  ACTIVITY_KEYS,
  formatInZone,
  isActivityOpen,
  knownZone,
  viewerTimeZone,
  type ActivityKey,
  type TrackDto,
} from '@symposium/domain';
import { useSession } from '@symposium/ui';

export const ACTIVITY_LABELS: Record<ActivityKey, string> = {
  canSubmitPaper: 'Paper submission',
  canEditPaper: 'Paper editing',
  canSubmitCameraReady: 'Camera-ready submission',
  canSubmitPresentationReady: 'Presentation-ready submission',
};

/** The deadline in the conference's time zone, labelled, and the author's own time below it where it differs. */
function Deadline({ deadline }: { deadline: string | null }) {
  const zone = knownZone(useSession().conference?.timeZone);
  if (!deadline) return <>No deadline</>;
  const conferenceTime = formatInZone(deadline, zone);
  const own = formatInZone(deadline, viewerTimeZone());
  return (
    <>
      <span>{conferenceTime}</span>
      {own.replace(/ \(.*\)$/, '') !== conferenceTime.replace(/ \(.*\)$/, '') ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          Your time: {own}
        </Typography>
      ) : null}
    </>
  );
}

/** The four activities of a track: enabled or disabled, open or closed against the deadline (spec §3/§4). */
export function TrackStatus({ track, now }: { track: TrackDto; now: Date }) {
  return (
    <Table size="small" aria-label={`Status of ${track.name}`} data-testid="track-status">
      <TableHead>
        <TableRow>
          <TableCell>Activity</TableCell>
          <TableCell>Enabled</TableCell>
          <TableCell>Now</TableCell>
          <TableCell>Deadline (conference time, and yours)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ACTIVITY_KEYS.map((key) => {
          const activity = track.activities[key];
          const open = isActivityOpen(activity, now);
          return (
            <TableRow key={key} data-activity={key}>
              <TableCell>{ACTIVITY_LABELS[key]}</TableCell>
              <TableCell>{activity.status ? 'Enabled' : 'Disabled'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={open ? 'Open' : 'Closed'}
                  color={open ? 'success' : 'default'}
                  variant={open ? 'filled' : 'outlined'}
                />
              </TableCell>
              <TableCell>
                <Deadline deadline={activity.deadline} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
