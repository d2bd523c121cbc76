import { List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { PLACEHOLDERS } from '@symposium/domain';
import { useId, useRef, useState, type RefObject } from 'react';

/**
 * The closed placeholder list with descriptions; a click inserts `{{name}}` where the cursor was in the
 * field last edited (subject or text). `exclude` hides the scopes the e-mail cannot fill. `placeholders`
 * shows another closed list instead (the document templates' DOCUMENT_PLACEHOLDERS). The caption names the
 * list (it is no heading: the list sits in a dialog or beside a form at different levels), and each button is
 * inside a list item.
 */
export function PlaceholderList({
  onInsert,
  exclude = [],
  placeholders,
}: {
  onInsert: (placeholder: string) => void;
  exclude?: readonly string[];
  placeholders?: readonly { name: string; description: string }[];
}) {
  const list = placeholders ?? PLACEHOLDERS.filter((p) => !exclude.includes(p.scope));
  const captionId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 1, maxHeight: 520, overflow: 'auto' }}>
      <Typography variant="subtitle2" component="p" id={captionId} sx={{ px: 1 }}>
        Placeholders (click to insert)
      </Typography>
      <List dense aria-labelledby={captionId}>
        {list.map((p) => (
          <ListItem key={p.name} disablePadding>
            <ListItemButton onClick={() => onInsert(`{{${p.name}}}`)} data-testid={`ph-${p.name}`}>
              <ListItemText
                primary={`{{${p.name}}}`}
                secondary={p.description}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

type Field = 'subject' | 'text';

/**
 * Subject and text of a message with "insert a placeholder at the cursor": refs for the two inputs,
 * the field last focused, and an insert that keeps the cursor after the inserted placeholder.
 */
export function usePlaceholderInsert(
  subject: string,
  setSubject: (s: string) => void,
  text: string,
  setText: (s: string) => void,
) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [last, setLast] = useState<Field>('text');
  const insert = (placeholder: string) => {
    const [value, set, ref]: [
      string,
      (s: string) => void,
      RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
    ] = last === 'subject' ? [subject, setSubject, subjectRef] : [text, setText, textRef];
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    set(value.slice(0, start) + placeholder + value.slice(end));
    const caret = start + placeholder.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };
  return {
    insert,
    subjectProps: { inputRef: subjectRef, onFocus: () => setLast('subject') },
    textProps: { inputRef: textRef, onFocus: () => setLast('text') },
  };
}
