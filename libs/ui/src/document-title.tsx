import { useEffect } from 'react';
import { useSession } from './auth';

/**
 * Sets the browser tab's title to the screen and the conference ("Tracks · ICSE 2027"); every screen calls it
 * (WCAG 2.4.2), so a screen reader and the tab strip tell screens apart.
 */
export function useDocumentTitle(screen: string): void {
  const { conference } = useSession();
  const name = conference?.shortName || conference?.fullName || 'Symposium';
  useEffect(() => {
    document.title = screen ? `${screen} · ${name}` : name;
  }, [screen, name]);
}

/** The same as a component, for screens written as plain elements (route tables). */
export function DocumentTitle({ screen }: { screen: string }): null {
  useDocumentTitle(screen);
  return null;
}
