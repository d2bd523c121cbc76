import type { ConferenceNameDto } from '@symposium/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { useSession } from './auth';

/**
 * The conference's names and time zone: the signed-in session's conference, or signed out (sign-in, /verify)
 * the public GET /api/author/conference/name; undefined until known.
 */
export function useConferenceNames(): ConferenceNameDto | undefined {
  const { conference, user } = useSession();
  const signedOut = !conference && !user;
  const names = useQuery({
    queryKey: ['conference-name'],
    queryFn: () => api<ConferenceNameDto>('GET', '/api/author/conference/name'),
    enabled: signedOut,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return conference ?? (signedOut ? names.data : undefined);
}

/**
 * Sets the browser tab's title to the screen and the conference ("Tracks · ICSE 2027"); every screen calls it
 * (WCAG 2.4.2), so a screen reader and the tab strip tell screens apart.
 */
export function useDocumentTitle(screen: string): void {
  const own = useConferenceNames();
  const name = own?.shortName || own?.fullName || 'Symposium';
  useEffect(() => {
    document.title = screen ? `${screen} · ${name}` : name;
  }, [screen, name]);
}

/** The same as a component, for screens written as plain elements (route tables). */
export function DocumentTitle({ screen }: { screen: string }): null {
  useDocumentTitle(screen);
  return null;
}
