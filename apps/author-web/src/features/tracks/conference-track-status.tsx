import { TrackList } from './components/track-list';

/** /ConferenceTrackStatus: the tracks, and their status when the conference shows it to authors. */
export function ConferenceTrackStatus() {
  return <TrackList title="Conference track status" />;
}
