import { Button, Link as MuiLink, Paper, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../components/query-view';
import { ItemTable } from '../../components/data-table';
import { paths } from '../../config/paths';
import { personName, useTrackReviewers, type ReviewerWithLoad } from './api/queries';
import { useRemoveReviewerFromTrack } from './api/mutations';
import { useRoleTracks } from '../tracks/api/queries';
import { nativeSelect } from '../../components/select-field';

/** The reviewers of a track with their load; a reviewer can be taken out of the track. */
export function TrackReviewers() {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const [track, setTrack] = useState<number | null>(null);
  const reviewers = useTrackReviewers(track);
  const remove = useRemoveReviewerFromTrack();
  const [toRemove, setToRemove] = useState<ReviewerWithLoad | null>(null);
  const trackName = tracks.data?.find((t) => t._id === track)?.name ?? '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Reviewers of a track
      </Typography>
      <TextField
        select
        label="Track of the reviewers"
        name="reviewers-track"
        value={track === null ? '' : String(track)}
        sx={{ minWidth: 280, mb: 2 }}
        slotProps={nativeSelect}
        onChange={(e) => setTrack(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Choose a track</option>
        {(tracks.data ?? []).map((t) => (
          <option key={t._id} value={String(t._id)}>
            {t.name}
          </option>
        ))}
      </TextField>
      {track !== null ? (
        <QueryView query={reviewers}>
          {(list) => (
            <ItemTable
              outlined={false}
              label="Reviewers of the track"
              columns={['Reviewer', 'Organization', 'Review requests', 'Camera-ready', 'Reviewed']}
              actions
              bodyTestId="track-reviewer-rows"
              rows={list}
              emptyText="This track has no reviewers."
              renderRow={(r) => (
                <TableRow key={r._id} data-testid={`track-reviewer-${r._id}`}>
                  <TableCell>
                    <MuiLink component={Link} to={paths.viewReviewRequests(r._id)}>
                      {personName(r)}
                    </MuiLink>{' '}
                    ({r.email})
                  </TableCell>
                  <TableCell>{r.organization}</TableCell>
                  <TableCell>{r.load.total}</TableCell>
                  <TableCell>{r.load.cameraReady}</TableCell>
                  <TableCell>{r.load.reviewed}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="text"
                      color="error"
                      aria-label={`Remove ${personName(r)} from the track`}
                      onClick={() => setToRemove(r)}
                    >
                      Remove from track
                    </Button>
                  </TableCell>
                </TableRow>
              )}
            />
          )}
        </QueryView>
      ) : null}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this reviewer from the track?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          remove.mutate(
            { userId: toRemove!._id, track: track! },
            {
              onSuccess: () => {
                notify(`${personName(toRemove!)} no longer reviews ${trackName}`);
                setToRemove(null);
              },
              onError: (e) => notify(errorMessage(e), 'error'),
            },
          )
        }
      >
        <Typography>
          {toRemove ? personName(toRemove) : ''} is no longer asked to review papers of {trackName}. Existing
          review requests stay.
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
