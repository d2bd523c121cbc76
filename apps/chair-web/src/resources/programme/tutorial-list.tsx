import { personName } from './programme-labels';
import { SessionList } from './session-list';

/** /ViewTutorials: the tutorials, each a paper of the tutorial track with its presenter. */
export function TutorialList() {
  return (
    <SessionList
      kind="tutorial"
      title="Tutorials"
      subtitle="Papers of the tutorial track, each with its presenter."
      columns={[
        { label: 'Paper', render: (s) => (s.paper ? `${s.paper._id}: ${s.paper.title}` : '—') },
        { label: 'Presenter', render: (s) => (s.presenter ? personName(s.presenter) : '—') },
      ]}
    />
  );
}
