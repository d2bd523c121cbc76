import { TRACK_MESSAGES } from '@symposium/domain';
import { SortScreen } from '../../components/sort-list';
import { paths } from '../../config/paths';
import { useSortTracks } from './api/mutations';
import { useTracks } from './api/queries';

/** /SortTracks: move tracks up or down, then save (position = index). */
export function TrackSort() {
  return (
    <SortScreen
      title="Sort tracks"
      subtitle="The order in which authors and chairs see the tracks."
      query={useTracks()}
      label={(t) => t.name}
      mutation={useSortTracks()}
      backTo={paths.editAllTracks}
      sorted="The track order was successfully updated!"
      failed={() => TRACK_MESSAGES.listUpdateFailed}
    />
  );
}
