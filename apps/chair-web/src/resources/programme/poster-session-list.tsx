import { peopleNames } from './programme-labels';
import { SessionList } from './session-list';

/** /ViewPosterSessions: one accepted paper per poster session, with its room and event. */
export function PosterSessionList() {
  return (
    <SessionList
      kind="poster"
      title="Poster sessions"
      subtitle="One accepted paper per poster session."
      columns={[
        { label: 'Paper', render: (s) => (s.paper ? `${s.paper._id}: ${s.paper.title}` : '—') },
        { label: 'Authors', render: (s) => (s.paper ? peopleNames(s.paper.authors) : '—') },
      ]}
    />
  );
}
