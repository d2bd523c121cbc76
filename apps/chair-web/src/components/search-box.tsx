import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';

/**
 * The search box of the list screens: a text field, Search (applies the trimmed text) and, while a search
 * is applied, Clear (empties the field and the search). `grow`: the box takes the rest of its row.
 */
export function SearchBox({
  label,
  search,
  onSearch,
  grow = false,
}: {
  label: string;
  /** The search applied now (Clear shows while it is not empty). */
  search: string;
  /** Called with the trimmed text on Search, and with '' on Clear. */
  onSearch: (search: string) => void;
  grow?: boolean;
}) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  const row = (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        label={label}
        name="search"
        value={text}
        fullWidth={grow || undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" sx={{ flexShrink: 0 }}>
        Search
      </Button>
      {search ? (
        <Button
          variant="text"
          sx={{ flexShrink: 0 }}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Clear
        </Button>
      ) : null}
    </Stack>
  );
  return grow ? (
    <Box component="form" onSubmit={submit} noValidate sx={{ flexGrow: 1 }}>
      {row}
    </Box>
  ) : (
    <form onSubmit={submit} noValidate>
      {row}
    </form>
  );
}
