import { TRACK_MESSAGES } from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { TrackChecksForm } from '../../components/track-checks-form';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { trackToSettings } from '../../config/track-defaults';
import { TrackForm } from './track-form';
import { TrackRounds } from './track-rounds';
import { useUpdateTrack } from './api/mutations';
import { useTrack } from './api/queries';

/** /EditTrack/{trackId}: the track form on a stored track; saving (or failing) goes back to the list. */
export function TrackEdit() {
  const { trackId } = useParams();
  const id = Number(trackId);
  const navigate = useNavigate();
  const notify = useNotify();
  const track = useTrack(id);
  const update = useUpdateTrack();
  const back = () => void navigate(paths.editAllTracks);
  return (
    <>
      <PageTitle title="Edit track" subtitle={track.data?.name} />
      <QueryView query={track}>
        {(data) => (
          <TrackForm
            key={data._id}
            initial={trackToSettings(data)}
            submitLabel="Save track"
            busy={update.isPending}
            onCancel={back}
            onSubmit={(body) =>
              update.mutate(
                { id: data._id, body },
                {
                  onSuccess: () => {
                    notify(TRACK_MESSAGES.updated);
                    back();
                  },
                  onError: () => {
                    notify(TRACK_MESSAGES.updateFailed, 'error');
                    back();
                  },
                },
              )
            }
          />
        )}
      </QueryView>
      {track.data ? <TrackRounds trackId={track.data._id} /> : null}
      {track.data ? <TrackChecksForm trackId={track.data._id} /> : null}
    </>
  );
}
