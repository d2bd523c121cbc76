import { Chip, Typography } from '@mui/material';
import type { BidValue, ConflictFlag, ReviewRequestState } from '@symposium/domain';

export const BID_LABELS: Record<BidValue, string> = {
  eager: 'Eager',
  willing: 'Willing',
  notWilling: 'Not willing',
  conflict: 'Conflict',
};

export const STATE_LABELS: Record<ReviewRequestState, string> = {
  waiting: 'Waiting',
  accepted: 'Accepted',
  declined: 'Declined',
  reviewed: 'Reviewed',
};

export const CONFLICT_KIND_LABELS: Record<ConflictFlag['kind'], string> = {
  organization: 'Same organization',
  emailDomain: 'Same e-mail domain',
  coauthorship: 'Co-authorship',
  declared: 'Declared',
};

export function BidChip({ bid }: { bid: BidValue | null }) {
  if (!bid)
    return (
      <Typography variant="body2" color="text.secondary">
        No bid
      </Typography>
    );
  const color =
    bid === 'eager' ? 'success' : bid === 'willing' ? 'info' : bid === 'conflict' ? 'error' : 'warning';
  return <Chip size="small" color={color} label={BID_LABELS[bid]} />;
}

/** Each conflict of interest with its evidence (why the pair cannot be assigned). */
export function ConflictList({ conflicts }: { conflicts: ConflictFlag[] }) {
  if (!conflicts.length) return null;
  return (
    <>
      {conflicts.map((c, i) => (
        <Typography key={i} variant="body2" color="error" data-testid="conflict">
          Conflict of interest ({CONFLICT_KIND_LABELS[c.kind]}): {c.evidence}
        </Typography>
      ))}
    </>
  );
}

/** A candidate's other reasons (limits, notes): those that are not the evidence of a conflict listed already. */
export function OtherReasons({
  candidate: c,
}: {
  candidate: { reasons: string[]; conflicts: ConflictFlag[] };
}) {
  return (
    <>
      {c.reasons
        .filter((r) => !c.conflicts.some((f) => f.evidence === r))
        .map((r) => (
          <Typography key={r} variant="body2" color="text.secondary">
            {r}
          </Typography>
        ))}
    </>
  );
}

export const formatDate = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');
