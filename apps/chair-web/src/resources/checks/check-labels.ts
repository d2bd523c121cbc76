import type { DuplicateKind } from '@symposium/domain';

/** What made two submissions alike, as the screens name it. */
export const DUPLICATE_KIND_LABELS: Record<DuplicateKind, string> = {
  text: 'Similar text',
  title: 'Same title',
  abstract: 'Same abstract',
};

/** A similarity (0–1) in whole per cent: "83 %". */
export const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;
