import { Alert, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import {
  CHAIR_PAPER_MESSAGES,
  type PaperFilter,
  type PaperFilterName,
  type PaperStatusClass,
  type StatusDto,
  type TrackDto,
} from '@symposium/domain';
import { useRef, useState, type ReactNode } from 'react';
import { DateField, FilterSelect, statusOptions, trackOptions, YES_NO_OPTIONS } from './select-field';

type YesNo = '' | 'true' | 'false';
type BooleanFilterName =
  | 'submittedCameraReady'
  | 'isCameraReady'
  | 'submittedPresentationReady'
  | 'isPresentationReady'
  | 'hasSession'
  | 'checkProblems'
  | 'hasDuplicates';

const BOOLEAN_FILTERS: { name: BooleanFilterName; label: string }[] = [
  { name: 'submittedCameraReady', label: 'Camera-ready submitted' },
  { name: 'isCameraReady', label: 'Camera-ready approved' },
  { name: 'submittedPresentationReady', label: 'Presentation-ready submitted' },
  { name: 'isPresentationReady', label: 'Presentation-ready approved' },
  { name: 'hasSession', label: 'In a session' },
  // issue 26: an open (not accepted) finding of the submission checks; a near-duplicate pair not dismissed
  { name: 'checkProblems', label: 'Format problems' },
  { name: 'hasDuplicates', label: 'Possible duplicates' },
];

interface FormState {
  track: string;
  status: string;
  paperStatus: '' | PaperStatusClass;
  booleans: Record<BooleanFilterName, YesNo>;
  from: string;
  to: string;
}

const emptyState = (): FormState => ({
  track: '',
  status: '',
  paperStatus: '',
  booleans: {
    submittedCameraReady: '',
    isCameraReady: '',
    submittedPresentationReady: '',
    isPresentationReady: '',
    hasSession: '',
    checkProblems: '',
    hasDuplicates: '',
  },
  from: '',
  to: '',
});

/** A yyyy-mm-dd day as the UTC instant of its local start (or end, for the inclusive "to"); null when invalid. */
export function dayToIso(day: string, end: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const DECISION_OPTIONS = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'notAccepted', label: 'Not accepted' },
  { value: 'undecided', label: 'Undecided' },
];

/** The filters a form asks for (those without a value left out), or null when a date is not valid. */
function filtersOf(state: FormState, badDateInput: boolean): PaperFilter[] | null {
  const filters: PaperFilter[] = [];
  if (state.track) filters.push({ name: 'track', value: Number(state.track) });
  if (state.status) filters.push({ name: 'status', value: Number(state.status) });
  if (state.paperStatus) filters.push({ name: 'paperStatus', value: state.paperStatus });
  for (const { name } of BOOLEAN_FILTERS) {
    const v = state.booleans[name];
    if (v) filters.push({ name, value: v === 'true' });
  }
  const from = state.from ? dayToIso(state.from, false) : null;
  const to = state.to ? dayToIso(state.to, true) : null;
  if (badDateInput || (state.from && !from) || (state.to && !to)) return null;
  if (from || to) filters.push({ name: 'updatedAt', value: { from, to } });
  return filters;
}

/** One field of the filter grid. */
function Cell({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, md: 3 }}>{children}</Grid>;
}

/**
 * The server-side filters of the paper lists (§7 paper query): track, status, accepted/not accepted/undecided,
 * the camera-ready and presentation-ready flags, the submission checks (format problems, possible duplicates)
 * and the last-modified-time range. Filters without a value
 * are left out; `hide` leaves out the filters a list fixes itself.
 */
export function PaperFilterBar({
  tracks,
  statuses,
  hide = [],
  onApply,
}: {
  tracks: TrackDto[];
  statuses: StatusDto[];
  hide?: PaperFilterName[];
  onApply: (filters: PaperFilter[]) => void;
}) {
  const [s, setS] = useState<FormState>(emptyState);
  const [error, setError] = useState<string | null>(null);
  // Remounts the date inputs on clear: a half-typed date is not in React's value, only in the input.
  const [generation, setGeneration] = useState(0);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const apply = (state: FormState) => {
    // A half-typed date leaves the input empty with badInput: that is not "no filter".
    const bad = Boolean(fromRef.current?.validity.badInput || toRef.current?.validity.badInput);
    const filters = filtersOf(state, bad);
    if (!filters) {
      setError(CHAIR_PAPER_MESSAGES.invalidLastModified);
      return;
    }
    setError(null);
    onApply(filters);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Filters
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {hide.includes('track') ? null : (
          <Cell>
            <FilterSelect
              label="Track"
              name="filter-track"
              value={s.track}
              options={trackOptions(tracks)}
              onChange={(track) => setS({ ...s, track })}
            />
          </Cell>
        )}
        {hide.includes('status') ? null : (
          <Cell>
            <FilterSelect
              label="Status"
              name="filter-status"
              value={s.status}
              options={statusOptions(statuses)}
              onChange={(status) => setS({ ...s, status })}
            />
          </Cell>
        )}
        {hide.includes('paperStatus') ? null : (
          <Cell>
            <FilterSelect
              label="Decision"
              name="filter-paperStatus"
              value={s.paperStatus}
              options={DECISION_OPTIONS}
              onChange={(v) => setS({ ...s, paperStatus: v as FormState['paperStatus'] })}
            />
          </Cell>
        )}
        {BOOLEAN_FILTERS.filter((f) => !hide.includes(f.name)).map((f) => (
          <Cell key={f.name}>
            <FilterSelect
              label={f.label}
              name={`filter-${f.name}`}
              value={s.booleans[f.name]}
              options={YES_NO_OPTIONS}
              onChange={(v) => setS({ ...s, booleans: { ...s.booleans, [f.name]: v as YesNo } })}
            />
          </Cell>
        ))}
        {(['from', 'to'] as const).map((end) => (
          <Cell key={end}>
            <DateField
              key={`${end}-${generation}`}
              label={`Last modified ${end}`}
              name={`filter-updatedAt-${end}`}
              value={s[end]}
              inputRef={end === 'from' ? fromRef : toRef}
              onChange={(day) => setS({ ...s, [end]: day })}
            />
          </Cell>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button onClick={() => apply(s)}>Apply filters</Button>
        <Button
          variant="text"
          onClick={() => {
            const empty = emptyState();
            setS(empty);
            setGeneration(generation + 1);
            setError(null);
            onApply([]);
          }}
        >
          Clear filters
        </Button>
      </Stack>
    </Paper>
  );
}
