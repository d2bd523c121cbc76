import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEFAULT_BUILDER_TIME_BUDGET_MS,
  DEFAULT_MIN_PAPERS_PER_SESSION,
  PROGRAMME_MESSAGES,
  type PersonRef,
  type RoomDto,
  type SessionBuilderProgress,
  type TrackDto,
} from '@symposium/domain';
import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { BuilderEventOption } from './builder-session-card';
import { PersonPicker } from './person-picker';
import { nativeSelect, parseWholeNumber, roomLabel } from './programme-labels';
import { disabledTextReadable } from './technical-session-editor';
import type { BuilderRequest } from './api/session-builder';

/** The set-up form's values, as typed. */
export interface BuilderSetupValues {
  track: string;
  papersPerSession: string;
  /** No proposed session has fewer papers. */
  minPapersPerSession: string;
  events: number[];
  rooms: number[];
  /** People to propose as session chairs before the sessions' authors. */
  sessionChairs: PersonRef[];
  /** Seconds the builder may search (the best proposal found by then is shown, with its gap). */
  timeLimitSeconds: string;
}

/** The set-up form as it starts. */
export const initialSetup = (): BuilderSetupValues => ({
  track: '',
  papersPerSession: '4',
  minPapersPerSession: String(DEFAULT_MIN_PAPERS_PER_SESSION),
  events: [],
  rooms: [],
  sessionChairs: [],
  timeLimitSeconds: String(DEFAULT_BUILDER_TIME_BUDGET_MS / 1000),
});

export type BuilderSetupErrors = Partial<Record<keyof BuilderSetupValues, string>>;

export const PAPERS_PER_SESSION_MAX = 50;
export const TIME_LIMIT_MAX_SECONDS = 3600;

/** The request, or the fields' errors with the API's messages. */
export function checkSetup(
  v: BuilderSetupValues,
): { request: BuilderRequest; errors?: undefined } | { request?: undefined; errors: BuilderSetupErrors } {
  const errors: BuilderSetupErrors = {};
  if (!v.track) errors.track = PROGRAMME_MESSAGES.builderTrack;
  const size = parseWholeNumber(v.papersPerSession);
  if (size === null || size > PAPERS_PER_SESSION_MAX)
    errors.papersPerSession = PROGRAMME_MESSAGES.builderPapersPerSession;
  const min = parseWholeNumber(v.minPapersPerSession);
  if (min === null || min > (size ?? PAPERS_PER_SESSION_MAX))
    errors.minPapersPerSession = PROGRAMME_MESSAGES.builderMinPapers;
  if (!v.events.length) errors.events = PROGRAMME_MESSAGES.builderEvents;
  if (!v.rooms.length) errors.rooms = PROGRAMME_MESSAGES.room;
  const seconds = parseWholeNumber(v.timeLimitSeconds);
  if (seconds === null || seconds > TIME_LIMIT_MAX_SECONDS)
    errors.timeLimitSeconds = PROGRAMME_MESSAGES.builderTimeLimit;
  if (Object.keys(errors).length || size === null || min === null || seconds === null) return { errors };
  return {
    request: {
      track: Number(v.track),
      papersPerSession: size,
      minPapersPerSession: min,
      events: v.events,
      rooms: v.rooms,
      sessionChairs: v.sessionChairs.map((p) => p._id),
      timeLimitSeconds: seconds,
    },
  };
}

/** "Placing sessions: 12 / 300 · best 3,715 clashes, lower bound 3,554 · 14 s of 30 s" */
export function progressText(progress: SessionBuilderProgress): string {
  const parts = [`${PHASE_LABELS[progress.phase] ?? progress.phase}: ${progress.done} / ${progress.total}`];
  if (progress.clashes !== undefined)
    parts.push(
      `best ${progress.clashes.toLocaleString('en')} clash${progress.clashes === 1 ? '' : 'es'}` +
        (progress.lowerBound !== undefined
          ? `, lower bound ${progress.lowerBound.toLocaleString('en')}`
          : ''),
    );
  if (progress.elapsedMs !== undefined && progress.budgetMs !== undefined)
    parts.push(`${Math.floor(progress.elapsedMs / 1000)} s of ${Math.round(progress.budgetMs / 1000)} s`);
  return parts.join(' · ');
}

const PHASE_LABELS: Record<SessionBuilderProgress['phase'], string> = {
  group: 'Grouping papers',
  place: 'Placing sessions',
  exact: 'Searching for the best placement',
  report: 'Checking the result',
};

const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

/** Checkboxes of a list, with an 'all' switch. */
function CheckList({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  name: string;
  options: { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const all = options.length > 0 && options.every((o) => value.includes(o.id));
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} data-testid={`${name}-list`}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup>
        {options.map((o) => (
          <FormControlLabel
            key={o.id}
            label={o.label}
            data-testid={`${name}-${o.id}`}
            control={
              <Checkbox
                checked={value.includes(o.id)}
                onChange={() => onChange(toggle(value, o.id))}
                name={name}
                value={String(o.id)}
              />
            }
          />
        ))}
      </FormGroup>
      {options.length > 1 ? (
        <Box>
          <Button
            size="small"
            variant="text"
            disabled={disabled}
            onClick={() => onChange(all ? [] : options.map((o) => o.id))}
          >
            {all ? 'Clear all' : 'Select all'}
          </Button>
        </Box>
      ) : null}
      {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
    </FormControl>
  );
}

/**
 * Step "Set up": the track, papers per session, the technical-session events to fill and the rooms; while
 * the builder runs, its progress and a Cancel button.
 */
export function BuilderSetup({
  values,
  onChange,
  errors,
  tracks,
  events,
  rooms,
  schedulable,
  running,
  progress,
  onPropose,
  onCancel,
}: {
  values: BuilderSetupValues;
  onChange: Dispatch<SetStateAction<BuilderSetupValues>>;
  errors: BuilderSetupErrors;
  tracks: TrackDto[];
  events: BuilderEventOption[];
  rooms: RoomDto[];
  /** Accepted papers of the chosen track in no session yet (undefined while unknown). */
  schedulable: number | undefined;
  running: boolean;
  progress: SessionBuilderProgress | null;
  onPropose: () => void;
  onCancel: () => void;
}) {
  const set = (patch: Partial<BuilderSetupValues>) => onChange((v) => ({ ...v, ...patch }));
  const percent =
    progress && progress.total > 0 ? Math.min(100, (100 * progress.done) / progress.total) : null;
  return (
    <Stack spacing={2} sx={disabledTextReadable}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
        <TextField
          select
          label="Track"
          id="builder-track"
          name="track"
          value={values.track}
          disabled={running}
          error={Boolean(errors.track)}
          helperText={
            errors.track ??
            (values.track && schedulable !== undefined
              ? schedulable
                ? `${schedulable} accepted paper${schedulable === 1 ? '' : 's'} in no session yet`
                : PROGRAMME_MESSAGES.builderNoPapers
              : undefined)
          }
          sx={{ minWidth: { md: 360 } }}
          slotProps={nativeSelect}
          onChange={(e) => set({ track: e.target.value })}
        >
          <option value="">Choose a track</option>
          {tracks.map((t) => (
            <option key={t._id} value={String(t._id)}>
              {t.name}
            </option>
          ))}
        </TextField>
        <TextField
          label="Papers per session"
          id="builder-papers-per-session"
          name="papersPerSession"
          value={values.papersPerSession}
          disabled={running}
          error={Boolean(errors.papersPerSession)}
          helperText={errors.papersPerSession ?? `1 to ${PAPERS_PER_SESSION_MAX}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { md: 200 } }}
          onChange={(e) => set({ papersPerSession: e.target.value })}
        />
        <TextField
          label="Minimum papers per session"
          id="builder-min-papers"
          name="minPapersPerSession"
          value={values.minPapersPerSession}
          disabled={running}
          error={Boolean(errors.minPapersPerSession)}
          helperText={
            errors.minPapersPerSession ??
            'No proposed session has fewer: a smaller remainder joins other sessions'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { md: 260 } }}
          onChange={(e) => set({ minPapersPerSession: e.target.value })}
        />
        <TextField
          label="Time limit (seconds)"
          id="builder-time-limit"
          name="timeLimitSeconds"
          value={values.timeLimitSeconds}
          disabled={running}
          error={Boolean(errors.timeLimitSeconds)}
          helperText={
            errors.timeLimitSeconds ??
            'The best proposal found by then is shown, with its gap to the lower bound'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { md: 260 } }}
          onChange={(e) => set({ timeLimitSeconds: e.target.value })}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} alignItems="flex-start">
        <Box>
          {events.length ? (
            <CheckList
              legend="Technical-session events to fill"
              name="event"
              options={events}
              value={values.events}
              onChange={(ids) => set({ events: ids })}
              error={errors.events}
              disabled={running}
            />
          ) : (
            <Alert severity="warning">
              There are no technical-session events yet:{' '}
              <Link to={paths.assignConferenceDays}>add days and events</Link> first.
            </Alert>
          )}
        </Box>
        <Box>
          {rooms.length ? (
            <CheckList
              legend="Rooms"
              name="room"
              options={rooms.map((r) => ({ id: r._id, label: roomLabel(r) }))}
              value={values.rooms}
              onChange={(ids) => set({ rooms: ids })}
              error={errors.rooms}
              disabled={running}
            />
          ) : (
            <Alert severity="warning">
              There are no rooms yet: <Link to={paths.viewEditAddRooms}>add rooms</Link> first.
            </Alert>
          )}
        </Box>
      </Stack>
      <Box sx={{ maxWidth: 720 }}>
        <PersonPicker
          label="Session chairs to propose (optional)"
          idPrefix="builder-chairs"
          value={values.sessionChairs}
          onChange={(sessionChairs) => set({ sessionChairs })}
        />
        <Typography variant="body2" color="text.secondary">
          Each session gets a session chair free at its time: one of these people first, otherwise an author
          of the session&rsquo;s papers.
        </Typography>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button disabled={running} onClick={onPropose}>
          Propose sessions
        </Button>
        {running ? (
          <Button variant="outlined" color="warning" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Stack>
      {running ? (
        <Box data-testid="builder-progress" aria-live="polite">
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label="Session builder progress"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {progress ? progressText(progress) : 'Starting the session builder…'}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}
