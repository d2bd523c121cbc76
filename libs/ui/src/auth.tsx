import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConferenceDto, LoginResponse, UserDto } from '@symposium/domain';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { api, ApiError, errorMessage } from './api';

export interface UtilsDto {
  editPaperSubmissionValues: Record<string, unknown>;
  filters: { user: { name: string; label: string; type: string; operators: string[] }[] };
}

export type CurrentUser = UserDto & { impersonatorId?: number };

export interface Session {
  user: CurrentUser | null;
  utils: UtilsDto | null;
  conference: ConferenceDto | null;
  loading: boolean;
  /** Why the start-up loading failed (current user, /api/utils or the conference), else null. */
  error: string | null;
  signIn: (email: string, password: string) => Promise<CurrentUser>;
  signOut: () => Promise<void>;
  stopImpersonation: () => Promise<void>;
  reload: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

async function loadMe(): Promise<CurrentUser | null> {
  try {
    return await api<CurrentUser>('GET', '/api/author/users');
  } catch (e) {
    if (e instanceof ApiError && e.statusCode === 401) return null;
    throw e;
  }
}

/**
 * Start-up loading of spec §1: the current user (GET /api/author/users), then the static values
 * (GET /api/utils) and the conference (GET /api/author/conference).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: loadMe, retry: false, staleTime: 60_000 });
  const signedIn = Boolean(me.data);
  const utils = useQuery({
    queryKey: ['utils'],
    queryFn: () => api<UtilsDto>('GET', '/api/utils'),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const conference = useQuery({
    queryKey: ['conference'],
    queryFn: () => api<ConferenceDto>('GET', '/api/author/conference'),
    enabled: signedIn,
    staleTime: 60_000,
  });

  const reload = useCallback(async () => {
    await qc.invalidateQueries();
  }, [qc]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const res = await api<LoginResponse>('POST', '/api/auth/login', { email, password });
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      qc.setQueryData(['me'], res.user);
      return res.user;
    },
    [qc],
  );

  const signOut = useCallback(async () => {
    await api('POST', '/api/auth/logout');
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    qc.setQueryData(['me'], null);
  }, [qc]);

  const stopImpersonation = useCallback(async () => {
    await api<LoginResponse>('POST', '/api/auth/impersonation/stop');
    window.location.assign('/chair/ViewUsers');
  }, []);

  const failed = [me, utils, conference].find((q) => q.isError && q.data === undefined);
  const error = failed ? errorMessage(failed.error, 'The server did not answer') : null;

  const value = useMemo<Session>(
    () => ({
      user: me.data ?? null,
      utils: utils.data ?? null,
      conference: conference.data ?? null,
      loading: me.isLoading || (signedIn && (utils.isLoading || conference.isLoading)),
      error,
      signIn,
      signOut,
      stopImpersonation,
      reload,
    }),
    [
      me.data,
      me.isLoading,
      utils.data,
      utils.isLoading,
      conference.data,
      conference.isLoading,
      signedIn,
      error,
      signIn,
      signOut,
      stopImpersonation,
      reload,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
