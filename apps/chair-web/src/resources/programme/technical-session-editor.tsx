import { Box, IconButton, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { PROGRAMME_MESSAGES, type PersonRef, type RoomDto, type ScheduledPaperRef } from '@symposium/domain';
import { MoveButtons, moveItem } from '../../components/move-buttons';
import { PersonPicker } from './person-picker';
import { PaperOptions, PapersHeading, RoomOptions } from './session-fields';
import { nativeSelect, parseWholeNumber, peopleNames } from './programme-labels';

const TITLE_MAX = 300;

/** A technical session as the chair builds or edits it (the form's own values, as typed). */
export interface TechnicalDraft {
  /** Tells drafts apart on the screen. */
  key: number;
  number: string;
  title: string;
  responsables: PersonRef[];
  room: string;
  papers: ScheduledPaperRef[];
}

export type DraftErrors = Partial<Record<'number' | 'title' | 'responsables' | 'room' | 'papers', string>>;

/**
 * The §5 rules of a technical session, with the API's messages: number, unique title, at least one session
 * chair, a room, at least one paper. `takenNumbers` and `takenTitles` are those of the other sessions.
 */
export function checkTechnicalDraft(
  d: TechnicalDraft,
  takenNumbers: Set<number>,
  takenTitles: Set<string>,
): DraftErrors {
  const errors: DraftErrors = {};
  const n = parseWholeNumber(d.number);
  if (n === null) errors.number = PROGRAMME_MESSAGES.sessionNumber;
  else if (takenNumbers.has(n)) errors.number = PROGRAMME_MESSAGES.sessionNumberTaken;
  const title = d.title.trim();
  if (!title) errors.title = PROGRAMME_MESSAGES.sessionTitle;
  else if (title.length > TITLE_MAX) errors.title = PROGRAMME_MESSAGES.sessionTitleLength;
  else if (takenTitles.has(title)) errors.title = PROGRAMME_MESSAGES.sessionTitleTaken;
  if (!d.responsables.length) errors.responsables = PROGRAMME_MESSAGES.responsables;
  if (!d.room) errors.room = PROGRAMME_MESSAGES.room;
  if (!d.papers.length) errors.papers = PROGRAMME_MESSAGES.papers;
  return errors;
}

/** A one-line description of a draft for summaries. */
export const describeDraft = (d: TechnicalDraft, rooms: RoomDto[]) =>
  [
    `Room: ${rooms.find((r) => String(r._id) === d.room)?.name ?? '—'}`,
    `Session chairs: ${peopleNames(d.responsables) || '—'}`,
  ].join(' · ');

/**
 * Disabled fields keep their legends and helper texts in the secondary text colour: MUI greys them to
 * #9e9e9e (2.7:1 on white), which axe counts as a contrast failure; the text stays readable.
 */
export const disabledTextReadable = {
  '& .MuiFormLabel-root.Mui-disabled, & .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
} as const;

/**
 * The fields of one technical session: number (fixed once created), title, session chairs, room, and its
 * papers in order (move up/down, remove, add one of `available`).
 */
export function TechnicalSessionEditor({
  draft,
  onChange,
  available,
  rooms,
  errors,
  numberFixed,
}: {
  draft: TechnicalDraft;
  onChange: (draft: TechnicalDraft) => void;
  /** Papers that may be added to this session. */
  available: ScheduledPaperRef[];
  rooms: RoomDto[];
  errors: DraftErrors;
  numberFixed?: boolean;
}) {
  const set = (patch: Partial<TechnicalDraft>) => onChange({ ...draft, ...patch });
  const k = draft.key;
  return (
    <Stack spacing={1} data-testid={`draft-${k}`} sx={disabledTextReadable}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Session number"
          id={`number-${k}`}
          name="number"
          value={draft.number}
          disabled={numberFixed}
          error={Boolean(errors.number)}
          helperText={errors.number ?? (numberFixed ? 'Fixed once the session exists' : undefined)}
          sx={{ maxWidth: { md: 180 } }}
          onChange={(e) => set({ number: e.target.value })}
        />
        <TextField
          label="Session title"
          id={`title-${k}`}
          name="title"
          value={draft.title}
          error={Boolean(errors.title)}
          helperText={errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextField
          select
          label="Room"
          id={`room-${k}`}
          name="room"
          value={draft.room}
          error={Boolean(errors.room)}
          helperText={errors.room}
          sx={{ maxWidth: { md: 280 } }}
          slotProps={nativeSelect}
          onChange={(e) => set({ room: e.target.value })}
        >
          <RoomOptions rooms={rooms} />
        </TextField>
      </Stack>
      <PersonPicker
        label="Session chairs"
        idPrefix={`chairs-${k}`}
        value={draft.responsables}
        error={errors.responsables}
        onChange={(responsables) => set({ responsables })}
      />
      <Box>
        <PapersHeading error={errors.papers} />
        <List dense data-testid={`draft-papers-${k}`}>
          {draft.papers.map((p, i) => (
            <ListItem
              key={p._id}
              divider
              data-testid={`draft-${k}-paper-${p._id}`}
              secondaryAction={
                <Stack direction="row" spacing={1} alignItems="center">
                  <MoveButtons
                    index={i}
                    count={draft.papers.length}
                    name={`paper ${p._id}`}
                    onMove={(from, to) => set({ papers: moveItem(draft.papers, from, to) })}
                  />
                  <IconButton
                    size="small"
                    aria-label={`Remove paper ${p._id} from the session`}
                    onClick={() => set({ papers: draft.papers.filter((x) => x._id !== p._id) })}
                  >
                    ✕
                  </IconButton>
                </Stack>
              }
              sx={{ pr: 30 }}
            >
              <ListItemText primary={`${i + 1}. ${p._id}: ${p.title}`} secondary={peopleNames(p.authors)} />
            </ListItem>
          ))}
        </List>
        <TextField
          select
          label="Add a paper"
          id={`add-paper-${k}`}
          name="addPaper"
          value=""
          disabled={available.length === 0}
          helperText={available.length === 0 ? 'No other paper to add' : undefined}
          sx={{ maxWidth: { md: 560 } }}
          slotProps={nativeSelect}
          onChange={(e) => {
            const paper = available.find((p) => String(p._id) === e.target.value);
            if (paper) set({ papers: [...draft.papers, paper] });
          }}
        >
          <PaperOptions papers={available} />
        </TextField>
      </Box>
    </Stack>
  );
}
