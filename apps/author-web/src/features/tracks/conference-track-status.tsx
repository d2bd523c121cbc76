import { useDocumentTitle } from '@symposium/ui';
import { TrackList } from './components/track-list';

/** /ConferenceTrackStatus: the tracks, and their status when the conference shows it to authors. */
export function ConferenceTrackStatus() {
  useDocumentTitle('Conference track status');
  return <TrackList title="Conference track status" />;
}
