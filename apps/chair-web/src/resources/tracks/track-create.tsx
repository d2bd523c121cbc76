import { defaultTrackSettings, TRACK_MESSAGES } from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { TrackForm } from './track-form';
import { useCreateTrack } from './api/mutations';

/** /AddTrack/: a new track with the §4/§9 defaults. */
export function TrackCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateTrack();
  const [serverError, setServerError] = useState('');
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [initial] = useState(() => defaultTrackSettings());
  return (
    <>
      <PageTitle title="Add track" />
      <TrackForm
        initial={initial}
        submitLabel="Create track"
        busy={create.isPending}
        serverError={serverError}
        serverFieldErrors={serverFieldErrors}
        onCancel={() => void navigate(paths.editAllTracks)}
        onSubmit={(body) => {
          setServerError('');
          setServerFieldErrors({});
          create.mutate(body, {
            onSuccess: () => {
              notify(TRACK_MESSAGES.created);
              void navigate(paths.editAllTracks);
            },
            onError: (err) => {
              notify(TRACK_MESSAGES.createFailed, 'error');
              setServerError(errorMessage(err, TRACK_MESSAGES.createFailed));
              if (err instanceof ApiError) setServerFieldErrors(err.fieldErrors());
            },
          });
        }}
      />
    </>
  );
}
