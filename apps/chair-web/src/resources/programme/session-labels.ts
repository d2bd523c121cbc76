import {
  sessionName,
  type PosterSessionDto,
  type SessionKind,
  type TechnicalSessionDto,
  type TutorialDto,
} from '@symposium/domain';

type AnySession = TechnicalSessionDto | PosterSessionDto | TutorialDto;

/** What a session is about: a technical session's title, a poster's or tutorial's paper title. */
export function sessionTitle(session: AnySession): string {
  if ('title' in session) return session.title;
  return session.paper ? session.paper.title : '(no paper)';
}

/** 'Technical session 12: Graphs' (the §5 name and what it is about). */
export const sessionLabel = (kind: SessionKind, session: AnySession) =>
  `${sessionName(kind, session._id)}: ${sessionTitle(session)}`;
