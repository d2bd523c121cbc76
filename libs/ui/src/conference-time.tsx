import { formatShortInZone, knownZone, viewerTimeIfDifferent, viewerTimeZone } from '@symposium/domain';
import { useConferenceNames } from './document-title';

/**
 * A stored instant on a screen, by the one rule of issue 21 item 11: in the conference's time zone, labelled
 * ("1 May 2026, 23:59 (Europe/Lisbon)"), with the viewer's own time beside it where it differs (`inline`) or
 * in the hover title (tables). `dateOnly`: the day in the conference's zone.
 */
export function ConferenceTime({
  value,
  dateOnly = false,
  inline = false,
  empty = '—',
}: {
  value: string | Date | null | undefined;
  dateOnly?: boolean;
  inline?: boolean;
  empty?: string;
}) {
  const zone = knownZone(useConferenceNames()?.timeZone);
  const main = formatShortInZone(value, zone, dateOnly);
  if (!main) return <>{empty}</>;
  const own = viewerTimeIfDifferent(value, zone, viewerTimeZone(), dateOnly);
  const iso = (typeof value === 'string' ? new Date(value) : value!).toISOString();
  return (
    <time dateTime={iso} title={own ? `Your time: ${own}` : undefined} data-testid="conference-time">
      {main}
      {inline && own ? ` · your time: ${own}` : ''}
    </time>
  );
}

/** The same rule as text (for labels, chips and messages): the conference's time, labelled. */
export function useConferenceTimeText(): (
  value: string | Date | null | undefined,
  dateOnly?: boolean,
) => string {
  const zone = knownZone(useConferenceNames()?.timeZone);
  return (value, dateOnly = false) => formatShortInZone(value, zone, dateOnly);
}
