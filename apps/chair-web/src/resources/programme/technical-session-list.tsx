import { peopleNames } from './programme-labels';
import { SessionList } from './session-list';

/** /ViewTechnicalSessions: the technical sessions with their chairs, papers in order, room and event. */
export function TechnicalSessionList() {
  return (
    <SessionList
      kind="technical"
      title="Technical sessions"
      subtitle="Sessions of accepted papers, each with its session chairs and room."
      columns={[
        { label: 'Title', render: (s) => s.title },
        { label: 'Session chairs', render: (s) => peopleNames(s.responsables) || '—' },
        {
          label: 'Papers',
          render: (s) =>
            s.papers.length ? (
              <ol style={{ margin: 0, paddingLeft: 18 }}>
                {s.papers.map((p) => (
                  <li key={p._id}>
                    {p._id}: {p.title}
                  </li>
                ))}
              </ol>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
