import { Alert } from '@mui/material';
import {
  isActivityOpen,
  PAPER_MESSAGES,
  type ConferenceDto,
  type PaperActions,
  type PaperDto,
  type TrackDto,
} from '@symposium/domain';
import { QueryState, useSession } from '@symposium/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { usePaper } from '../api/papers';
import { useTrack } from '../api/tracks';
import { routeId } from '../utils/route-id';

/**
 * The route part shared by /CameraReadySubmission and /PresentationReadySubmission: the paper of the URL's
 * track, and its wizard only while the server allows the stage (otherwise why not: not accepted, or closed).
 */
export function FinalStageRoute({
  action,
  activity,
  closedMessage,
  children,
}: {
  action: keyof Pick<PaperActions, 'canSubmitCameraReady' | 'canSubmitPresentationReady'>;
  activity: 'canSubmitCameraReady' | 'canSubmitPresentationReady';
  closedMessage: string;
  children: (paper: PaperDto, track: TrackDto, conference: ConferenceDto | null) => ReactNode;
}) {
  const params = useParams();
  const paperId = routeId(params.paperId);
  const trackId = routeId(params.trackId);
  const { conference } = useSession();
  const paper = usePaper(paperId);
  const track = useTrack(trackId);
  if (Number.isNaN(paperId) || Number.isNaN(trackId))
    return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={[paper, track]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() =>
        paper.data!.track !== trackId ? (
          <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>
        ) : !paper.data!.actions[action] ? (
          <Alert severity="warning" data-testid="not-allowed">
            {isActivityOpen(track.data!.activities[activity], new Date())
              ? PAPER_MESSAGES.notAccepted
              : closedMessage}
          </Alert>
        ) : (
          children(paper.data!, track.data!, conference)
        )
      }
    </QueryState>
  );
}
