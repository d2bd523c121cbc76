import { Box, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { TrackDto } from '@symposium/domain';
import type { ReactNode } from 'react';
import { TrackStatus } from './track-status';

/** One track: its name, its subject areas, its status when the conference shows it, and an action. */
export function TrackCard({
  track,
  showStatus,
  now,
  action,
}: {
  track: TrackDto;
  showStatus: boolean;
  now: Date;
  action?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`track-${track._id}`} data-testid="track">
      <CardContent>
        <Typography variant="h6" component="h2" id={`track-${track._id}`}>
          {track.name}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" color="text.secondary">
            Subject areas
          </Typography>
          {track.subjectAreas.length ? (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              flexWrap="wrap"
              sx={{ mt: 0.5 }}
              component="ul"
              p={0}
            >
              {track.subjectAreas.map((area) => (
                <Chip
                  key={area._id}
                  component="li"
                  label={area.name}
                  size="small"
                  data-testid="subject-area"
                />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2">No subject areas</Typography>
          )}
        </Box>
        {showStatus ? (
          <Box
            sx={{ mt: 2, overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={`Status of ${track.name}, scrollable`}
          >
            <TrackStatus track={track} now={now} />
          </Box>
        ) : null}
      </CardContent>
      {action ? <CardActions>{action}</CardActions> : null}
    </Card>
  );
}
