import { Chip, Stack, Typography } from '@mui/material';
import type { PaperFilter, RecipientSelection, StatusDto, TrackDto, UserFilter } from '@symposium/domain';

const PAPER_FILTER_LABELS: Record<string, string> = {
  track: 'Track',
  status: 'Status',
  paperStatus: 'Decision',
  isDeleted: 'Deleted',
  hasSession: 'In a session',
  submittedCameraReady: 'Camera-ready submitted',
  submittedPresentationReady: 'Presentation-ready submitted',
  isCameraReady: 'Camera-ready approved',
  isPresentationReady: 'Presentation-ready approved',
  isRegistered: 'Registered',
  updatedAt: 'Last modified',
  checkProblems: 'Format problems',
  hasDuplicates: 'Possible duplicates',
};

const day = (iso?: string | null) => (iso ? new Date(iso).toLocaleDateString() : '…');

function paperFilterText(f: PaperFilter, tracks: TrackDto[], statuses: StatusDto[]): string {
  const label = PAPER_FILTER_LABELS[f.name] ?? f.name;
  const v = f.value;
  if (f.name === 'updatedAt') return `${label}: ${day(f.value?.from)} – ${day(f.value?.to)}`;
  if (typeof v === 'boolean') return `${label}: ${v ? 'yes' : 'no'}`;
  const ids = Array.isArray(v) ? v : [v];
  if (f.name === 'track')
    return `${label}: ${ids.map((id) => tracks.find((t) => t._id === id)?.name ?? `#${String(id)}`).join(', ')}`;
  if (f.name === 'status')
    return `${label}: ${ids.map((id) => statuses.find((s) => s._id === id)?.text ?? `#${String(id)}`).join(', ')}`;
  return `${label}: ${String(v)}`;
}

const userFilterText = (f: UserFilter) => `${f.name} ${f.operator} ${String(f.value ?? '')}`;

/** Which papers or users an e-mail goes to, in words: "3 selected papers", the filters as chips, or "All papers". */
export function SelectionSummary({
  selection,
  tracks,
  statuses,
  trackChair,
}: {
  selection: RecipientSelection;
  tracks: TrackDto[];
  statuses: StatusDto[];
  trackChair: boolean;
}) {
  const noun = selection.kind === 'papers' ? 'paper' : 'user';
  if (selection.ids)
    return (
      <Typography data-testid="selection-summary">
        {selection.ids.length} selected {noun}
        {selection.ids.length === 1 ? '' : 's'}
      </Typography>
    );
  const chips =
    selection.kind === 'papers'
      ? [
          ...(selection.filters ?? []).map((f) => paperFilterText(f, tracks, statuses)),
          ...(selection.search ? [`Search: “${selection.search}”`] : []),
        ]
      : (selection.filters ?? []).map(userFilterText);
  if (chips.length === 0)
    return (
      <Typography data-testid="selection-summary">
        {selection.kind === 'papers'
          ? trackChair
            ? 'All papers of your tracks'
            : 'All papers'
          : 'All users'}
      </Typography>
    );
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      flexWrap="wrap"
      useFlexGap
      data-testid="selection-summary"
    >
      <Typography>{selection.kind === 'papers' ? 'Papers matching' : 'Users matching'}</Typography>
      {chips.map((c) => (
        <Chip key={c} size="small" label={c} />
      ))}
    </Stack>
  );
}
