import { Alert, Stack, Typography } from '@mui/material';
import type { TrackDto } from '@symposium/domain';
import { errorMessage, Loading } from '@symposium/ui';
import type { ReactNode } from 'react';
import { useConference } from '../api/get-conference';
import { useTracks } from '../api/get-tracks';
import { useNow } from '../hooks/use-now';
import { TrackCard } from './track-card';

/**
 * The tracks by position with their subject areas; the track status only when the conference sets
 * authorView.viewConferenceTrackStatus (spec §2).
 */
export function TrackList({
  title,
  intro,
  action,
}: {
  title: string;
  intro?: ReactNode;
  action?: (track: TrackDto, now: Date) => ReactNode;
}) {
  const tracks = useTracks();
  const conference = useConference();
  const now = useNow();
  const showStatus = Boolean(conference.data?.authorView.viewConferenceTrackStatus);

  let body: ReactNode;
  if (tracks.isPending || conference.isPending) body = <Loading />;
  else if (tracks.isError)
    body = <Alert severity="error">{errorMessage(tracks.error, 'The tracks could not be loaded')}</Alert>;
  else if (conference.isError && !conference.data)
    body = (
      <Alert severity="error">{errorMessage(conference.error, 'The conference could not be loaded')}</Alert>
    );
  else if (!tracks.data.length) body = <Typography>No tracks have been opened yet.</Typography>;
  else
    body = tracks.data.map((track) => (
      <TrackCard
        key={track._id}
        track={track}
        showStatus={showStatus}
        now={now}
        action={action?.(track, now)}
      />
    ));

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {intro}
      {body}
    </Stack>
  );
}
