import { TRACK_MESSAGES } from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { SortList } from '../../components/sort-list';
import { paths } from '../../config/paths';
import { useSortTracks } from './api/mutations';
import { useTracks } from './api/queries';

/** /SortTracks: move tracks up or down, then save (position = index). */
export function TrackSort() {
  const tracks = useTracks();
  const sort = useSortTracks();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Sort tracks" subtitle="The order in which authors and chairs see the tracks." />
      <QueryView query={tracks}>
        {(data) => (
          <SortList
            key={data.map((t) => t._id).join(',')}
            items={data}
            label={(t) => t.name}
            busy={sort.isPending}
            onCancel={() => void navigate(paths.editAllTracks)}
            onSave={(ids) =>
              sort.mutate(ids, {
                onSuccess: () => notify('The track order was successfully updated!'),
                onError: () => notify(TRACK_MESSAGES.listUpdateFailed, 'error'),
              })
            }
          />
        )}
      </QueryView>
    </>
  );
}
