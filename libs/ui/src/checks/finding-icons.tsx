import { SvgIcon, type SvgIconProps } from '@mui/material';
import type { FindingKind } from '@symposium/domain';

/* Material Design icon paths (Apache 2.0), drawn with MUI's SvgIcon: the apps carry no icon package. */
const PATHS: Record<FindingKind | 'accepted', string> = {
  // "Description": a page with lines
  format:
    'M14 2H6c-1.1 0-1.99.9-1.99 2L4 20c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8zm2 16H8v-2h8zm0-4H8v-2h8zm-3-5V3.5L18.5 9z',
  // "VisibilityOff": what should not be seen
  anonymity:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  // "HelpOutline": could not be read
  unchecked:
    'M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4',
  // "CheckCircle"
  accepted:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
};

/** What each kind of finding is called next to its icon. */
export const FINDING_KIND_LABELS: Record<FindingKind, string> = {
  format: 'Format',
  anonymity: 'Anonymity',
  unchecked: 'Not checked',
};

/** The icon of a kind of finding (or of an accepted one); decorative: the kind is also written beside it. */
export function FindingIcon({ kind, ...props }: { kind: FindingKind | 'accepted' } & SvgIconProps) {
  return (
    <SvgIcon aria-hidden focusable={false} data-kind={kind} {...props}>
      <path d={PATHS[kind]} />
    </SvgIcon>
  );
}
