import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { RoomDto, ScheduledPaperRef } from '@symposium/domain';
import { memo } from 'react';
import { MoveButtons, moveItem } from '../../components/move-buttons';
import { paperRef, type BuilderDraft } from './builder-drafts';
import { PersonPicker } from './person-picker';
import { PapersHeading, RoomOptions } from './session-fields';
import { nativeSelect, peopleNames } from './programme-labels';
import type { DraftErrors } from './technical-session-editor';

/** A technical-session event the builder may fill: its id and 'date start–end'. */
export interface BuilderEventOption {
  id: number;
  label: string;
}

/**
 * One proposed session: number, title, session chairs (the proposed one first), slot (event and room; 'Not
 * placed' leaves the event empty) and its papers, which can be reordered, left out, or moved to another
 * proposed session. Memoised
 * with stable callbacks (keyed by the draft), so typing in one card of a large proposal redraws that card.
 */
export const BuilderSessionCard = memo(function BuilderSessionCard({
  draft,
  onChange,
  onMovePaper,
  onAskMove,
  onRemove,
  unassigned,
  papers,
  events,
  rooms,
  errors,
  refusal,
  sharesSlotWith,
}: {
  draft: BuilderDraft;
  /** Changes fields of the draft with key `key`. */
  onChange: (key: number, patch: Partial<BuilderDraft>) => void;
  /** Moves a paper to the draft with key `to` (null: out of every session). */
  onMovePaper: (paper: number, to: number | null) => void;
  /** Asks where to move a paper of this session. */
  onAskMove: (paper: number, from: number) => void;
  onRemove: (key: number) => void;
  /** Papers of the track in no session, which can be added here. */
  unassigned: ScheduledPaperRef[];
  papers: Map<number, ScheduledPaperRef>;
  events: BuilderEventOption[];
  rooms: RoomDto[];
  errors: DraftErrors;
  /** The server's message when applying refused this session. */
  refusal?: string;
  /** Numbers of earlier proposed sessions in the same event and room ('2, 5'). */
  sharesSlotWith?: string;
}) {
  const set = (patch: Partial<BuilderDraft>) => onChange(draft.key, patch);
  const k = draft.key;
  const name = `proposed session ${k}`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, borderColor: refusal || Object.keys(errors).length ? 'error.main' : undefined }}
      data-testid={`builder-session-${k}`}
    >
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        sx={{ mb: 1, flexWrap: 'wrap', columnGap: 1 }}
      >
        <Typography variant="h6" component="h2">
          Proposed session {k}
        </Typography>
        <Button
          size="small"
          variant="text"
          color="error"
          aria-label={`Leave out this session (${name})`}
          onClick={() => onRemove(k)}
        >
          Leave out this session
        </Button>
      </Stack>
      {refusal ? (
        <Alert severity="error" sx={{ mb: 1 }} data-testid={`builder-refusal-${k}`}>
          {refusal}
        </Alert>
      ) : null}
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Session number"
            id={`builder-number-${k}`}
            name="number"
            value={draft.number}
            error={Boolean(errors.number)}
            helperText={errors.number}
            sx={{ maxWidth: { md: 180 } }}
            onChange={(e) => set({ number: e.target.value })}
          />
          <TextField
            label="Session title"
            id={`builder-title-${k}`}
            name="title"
            value={draft.title}
            error={Boolean(errors.title)}
            helperText={errors.title}
            sx={{ flexGrow: 1 }}
            onChange={(e) => set({ title: e.target.value })}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label="Event"
            id={`builder-event-${k}`}
            name="event"
            value={draft.event}
            sx={{ minWidth: { md: 320 } }}
            slotProps={nativeSelect}
            helperText={
              sharesSlotWith
                ? `Same event and room as session ${sharesSlotWith} (a room clash)`
                : draft.event
                  ? undefined
                  : 'Not placed: the session is created without an event'
            }
            onChange={(e) => set({ event: e.target.value })}
          >
            <option value="">Not placed</option>
            {events.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.label}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Room"
            id={`builder-room-${k}`}
            name="room"
            value={draft.room}
            error={Boolean(errors.room)}
            helperText={errors.room}
            sx={{ minWidth: { md: 280 } }}
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
        {draft.responsables.length === 0 && !errors.responsables ? (
          <Typography variant="body2" color="text.secondary" data-testid={`builder-no-chair-${k}`}>
            No session chair proposed: nobody among the authors (or your list) is free at this time. Choose
            one to apply.
          </Typography>
        ) : null}
        <Box>
          <PapersHeading error={errors.papers} />
          <List dense data-testid={`builder-papers-${k}`}>
            {draft.papers.map((id, i) => {
              const p = paperRef(papers, id);
              return (
                <ListItem
                  key={id}
                  divider
                  data-testid={`builder-${k}-paper-${id}`}
                  // The actions follow the title, on its line when there is room, below it on a phone.
                  sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, px: 0 }}
                >
                  <ListItemText
                    primary={`${i + 1}. ${p._id}: ${p.title}`}
                    secondary={peopleNames(p.authors) || undefined}
                    sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
                    <MoveButtons
                      index={i}
                      count={draft.papers.length}
                      name={`paper ${id}`}
                      onMove={(from, to) => set({ papers: moveItem(draft.papers, from, to) })}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Move to another session: paper ${id}`}
                      onClick={() => onAskMove(id, k)}
                    >
                      Move to…
                    </Button>
                    <IconButton
                      size="small"
                      aria-label={`Remove paper ${id} from ${name}`}
                      onClick={() => onMovePaper(id, null)}
                    >
                      ✕
                    </IconButton>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
          {unassigned.length === 0 ? (
            // Said in text rather than as the helper of a disabled select (greyed text below 4.5:1 contrast).
            <Typography variant="body2" color="text.secondary" data-testid={`builder-add-paper-${k}-none`}>
              No paper of the track is left out.
            </Typography>
          ) : (
            <TextField
              select
              label="Add a paper"
              id={`builder-add-paper-${k}`}
              name="addPaper"
              value=""
              sx={{ maxWidth: { md: 560 } }}
              slotProps={nativeSelect}
              onChange={(e) => {
                if (e.target.value) onMovePaper(Number(e.target.value), k);
              }}
            >
              <option value="">Choose a paper left out</option>
              {unassigned.map((p) => (
                <option key={p._id} value={String(p._id)}>
                  {p._id}: {p.title}
                </option>
              ))}
            </TextField>
          )}
        </Box>
      </Stack>
    </Paper>
  );
});
