import type {
  BuiltSession,
  PersonRef,
  SessionBuilderProgress,
  SessionBuilderResult,
} from '@symposium/domain';
import { ApiError, send } from '@symposium/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readNdjson } from '../ndjson';

/** POST /api/chair/programme/builder/proposal. */
export interface BuilderRequest {
  track: number;
  papersPerSession: number;
  /** No proposed session has fewer papers. */
  minPapersPerSession: number;
  events: number[];
  rooms: number[];
  /** People proposed as session chairs before the sessions' authors. */
  sessionChairs: number[];
  /** How long the builder may search, in seconds (1–3600; the server's default is 30). */
  timeLimitSeconds: number;
}

/** A proposed session with its proposed session chair (none when nobody was free at its time). */
export interface BuilderProposalSession extends BuiltSession {
  responsables: PersonRef[];
}

/**
 * The builder's result, with the first free technical session number, how many papers it grouped and the
 * minimum it kept to.
 */
export interface BuilderProposal extends Omit<SessionBuilderResult, 'sessions'> {
  sessions: BuilderProposalSession[];
  firstNumber: number;
  papers: number;
  minPapersPerSession: number;
}

/** One line of the streamed answer. */
export type BuilderStreamLine =
  | { type: 'progress'; progress: SessionBuilderProgress }
  | { type: 'result'; result: BuilderProposal }
  | { type: 'error'; message: string };

const PROPOSAL_PATH = '/api/chair/programme/builder/proposal';

/**
 * Asks the builder for a proposal and reads its NDJSON answer as it arrives: `onProgress` for each progress
 * line, then the proposal. A refused request (400) or an error line throws an ApiError with the server's
 * message; aborting `signal` closes the request, which cancels the build on the server (and rejects with an
 * AbortError).
 */
export async function streamBuilderProposal(
  request: BuilderRequest,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: SessionBuilderProgress) => void } = {},
): Promise<BuilderProposal> {
  const res = await send('POST', PROPOSAL_PATH, request, {
    accept: 'application/x-ndjson, application/json',
    signal,
  });
  if (!res.body) throw new ApiError(res.status, 'request.error', 'The answer has no body');
  let outcome: { result: BuilderProposal } | { message: string } | null = null;
  await readNdjson<BuilderStreamLine>(res.body, (line) => {
    if (line.type === 'progress') onProgress?.(line.progress);
    else if (line.type === 'result') outcome = { result: line.result };
    else if (line.type === 'error') outcome = { message: line.message };
    return outcome !== null;
  });
  const last = outcome as { result: BuilderProposal } | { message: string } | null;
  if (last && 'result' in last) return last.result;
  // A network failure mid-answer (no error line) has no server message: the caller's fallback applies.
  throw new ApiError(500, last ? 'programme.builder_failed' : 'request.error', last?.message ?? '');
}

/** Where a build is: not started, running (with its last progress), done, cancelled by the chair, or failed. */
export type BuilderRun =
  | { state: 'idle' }
  | { state: 'running'; progress: SessionBuilderProgress | null }
  | { state: 'done'; proposal: BuilderProposal }
  | { state: 'cancelled' }
  | { state: 'failed'; error: unknown };

/**
 * One build at a time: `start` asks for a proposal (a new start aborts the previous one), `cancel` closes
 * the request; leaving the screen cancels it too.
 */
export function useBuilderProposal() {
  const [run, setRun] = useState<BuilderRun>({ state: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(async (request: BuilderRequest): Promise<BuilderProposal | null> => {
    current.current?.abort();
    const abort = new AbortController();
    current.current = abort;
    setRun({ state: 'running', progress: null });
    const mine = () => current.current === abort;
    try {
      const proposal = await streamBuilderProposal(request, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (mine()) setRun({ state: 'running', progress });
        },
      });
      if (!mine()) return null;
      current.current = null;
      setRun({ state: 'done', proposal });
      return proposal;
    } catch (error) {
      if (mine()) {
        current.current = null;
        setRun(abort.signal.aborted ? { state: 'cancelled' } : { state: 'failed', error });
      }
      return null;
    }
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);
  const reset = useCallback(() => setRun({ state: 'idle' }), []);
  return { run, start, cancel, reset };
}
