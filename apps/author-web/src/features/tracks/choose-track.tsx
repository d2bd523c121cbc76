import { Button, Typography } from '@mui/material';
import { isActivityOpen } from '@symposium/domain';
import { Link } from 'react-router';
import { useDocumentTitle } from '@symposium/ui';
import { paths } from '../../config/paths';
import { TrackList } from './components/track-list';

/** /ChooseTrack: pick the track of a new paper; only tracks open for submission offer the button. */
export function ChooseTrack() {
  useDocumentTitle('Choose a track');
  return (
    <TrackList
      title="Choose a track"
      intro={<Typography>Choose the track of your paper.</Typography>}
      action={(track, now) =>
        isActivityOpen(track.activities.canSubmitPaper, now) ? (
          <Button
            component={Link}
            to={paths.submission(track._id)}
            aria-label={`Submit a paper to ${track.name}`}
          >
            Submit a paper
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
            Submissions are closed for this track.
          </Typography>
        )
      }
    />
  );
}
