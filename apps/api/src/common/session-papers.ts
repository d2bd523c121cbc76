import type { AuthUser } from './auth-user.js';

/**
 * Which papers are in the technical sessions a session chair chairs. The programme module provides it
 * (globally); the papers module asks it for /ViewSessionPaper without depending on the programme module,
 * which itself depends on papers.
 */
export abstract class SessionPapersLookup {
  /** Ids (among paperIds) of papers placed in one of the caller's technical sessions. */
  abstract papersOfSessionChair(user: AuthUser, paperIds: number[]): Promise<Set<number>>;
}
