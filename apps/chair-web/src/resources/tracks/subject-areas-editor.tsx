import { Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { MoveButtons, moveItem } from '../../components/move-buttons';
import { TRACK_MESSAGES } from '@symposium/domain';

export interface SubjectAreaItem {
  _id?: number;
  /** Stable key for new (unsaved) rows. */
  key: string;
  name: string;
}

/** Subject areas of a track: add, edit, delete, move up or down (saved with the track). */
export function SubjectAreasEditor({
  items,
  errors,
  onChange,
}: {
  items: SubjectAreaItem[];
  errors: Record<string, string>;
  onChange: (items: SubjectAreaItem[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');
  const add = () => {
    const name = draft.trim();
    if (!name) return setDraftError(TRACK_MESSAGES.subjectAreaName);
    if (items.some((s) => s.name.trim().toLowerCase() === name.toLowerCase()))
      return setDraftError(TRACK_MESSAGES.subjectAreaDuplicate);
    onChange([...items, { key: `new-${crypto.randomUUID()}`, name }]);
    setDraft('');
    setDraftError('');
  };
  return (
    <>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          No subject areas: authors will not be asked to choose one.
        </Typography>
      ) : (
        <List dense data-testid="subject-areas">
          {items.map((s, i) => (
            <ListItem key={s.key} disableGutters>
              <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ width: '100%' }}>
                <TextField
                  label={`Subject area ${i + 1}`}
                  value={s.name}
                  error={Boolean(errors[`subjectAreas.${i}.name`])}
                  helperText={errors[`subjectAreas.${i}.name`]}
                  onChange={(e) =>
                    onChange(items.map((x) => (x.key === s.key ? { ...x, name: e.target.value } : x)))
                  }
                />
                <Stack direction="row" spacing={1} sx={{ pt: 1, flexShrink: 0 }}>
                  <MoveButtons
                    index={i}
                    count={items.length}
                    name={s.name || `subject area ${i + 1}`}
                    onMove={(from, to) => onChange(moveItem(items, from, to))}
                  />
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    aria-label={`Delete ${s.name || `subject area ${i + 1}`}`}
                    onClick={() => onChange(items.filter((x) => x.key !== s.key))}
                  >
                    Delete
                  </Button>
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label="New subject area"
          name="newSubjectArea"
          value={draft}
          error={Boolean(draftError)}
          helperText={draftError}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outlined" sx={{ mt: 1, flexShrink: 0 }} onClick={add}>
          Add subject area
        </Button>
      </Stack>
    </>
  );
}
