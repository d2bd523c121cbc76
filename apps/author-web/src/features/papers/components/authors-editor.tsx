import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Radio,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  isEmail,
  normalizeEmail,
  PEOPLE_MESSAGES,
  validatePerson,
  type PaperAuthorDto,
  type PersonField,
  type PersonInput,
} from '@symposium/domain';
import { ApiError, errorMessage } from '@symposium/ui';
import { useState } from 'react';
import { createCoAuthor, findUserByEmail } from '../api/submission';

const PERSON_FIELDS: [PersonField, string][] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['email', 'Email'],
  ['alternateEmail', 'Alternate Email'],
  ['organization', 'Organization'],
  ['country', 'Country'],
  ['phone', 'Phone'],
];

/** The §5 People form for a co-author who has no account yet. */
function NewCoAuthorForm({
  email,
  onCreated,
  onCancel,
}: {
  email: string;
  onCreated: (author: PaperAuthorDto) => void;
  onCancel: () => void;
}) {
  const [person, setPerson] = useState<PersonInput>({ email });
  const [errors, setErrors] = useState<Partial<Record<PersonField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const found = validatePerson(person, 'author');
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onCreated(await createCoAuthor({ ...person, email: normalizeEmail(person.email ?? '') }));
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fieldErrors() as Partial<Record<PersonField, string>>);
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="new-co-author">
      <Typography variant="subtitle1" gutterBottom>
        New co-author
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {PERSON_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            required
            value={person[field] ?? ''}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            onChange={(e) => setPerson({ ...person, [field]: e.target.value })}
          />
        ))}
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button onClick={() => void create()} disabled={busy}>
          Create co-author
        </Button>
        <Button variant="text" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The ordered authors of a paper with the primary author: co-authors are found by e-mail, or created with the
 * §5 People form when no account has that e-mail ('User not found, create new user.').
 */
export function AuthorsEditor({
  authors,
  primaryAuthor,
  onChange,
  error,
  primaryError,
}: {
  authors: PaperAuthorDto[];
  primaryAuthor: number | null;
  onChange: (authors: PaperAuthorDto[], primaryAuthor: number | null) => void;
  error?: string;
  primaryError?: string;
}) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'info' } | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = (author: PaperAuthorDto) => {
    if (authors.some((a) => a._id === author._id)) {
      setMessage({ text: PEOPLE_MESSAGES.userAlreadyPresent, severity: 'error' });
      return;
    }
    onChange([...authors, author], primaryAuthor ?? author._id);
    setEmail('');
    setCreating(null);
    setMessage(null);
  };

  const find = async () => {
    const wanted = normalizeEmail(email);
    setCreating(null);
    if (!isEmail(wanted)) {
      setMessage({ text: PEOPLE_MESSAGES.emailInvalid, severity: 'error' });
      return;
    }
    if (authors.some((a) => a.email === wanted)) {
      setMessage({ text: PEOPLE_MESSAGES.userAlreadyPresent, severity: 'error' });
      return;
    }
    setBusy(true);
    try {
      const [found] = await findUserByEmail(wanted);
      if (found) add(found);
      else {
        setMessage({ text: PEOPLE_MESSAGES.userNotFoundCreate, severity: 'info' });
        setCreating(wanted);
      }
    } catch (e) {
      setMessage({ text: errorMessage(e), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const move = (i: number, by: number) => {
    const next = [...authors];
    const [a] = next.splice(i, 1);
    next.splice(i + by, 0, a!);
    onChange(next, primaryAuthor);
  };
  const remove = (id: number) =>
    onChange(
      authors.filter((a) => a._id !== id),
      primaryAuthor === id ? null : primaryAuthor,
    );

  return (
    <Stack spacing={1} data-testid="authors">
      <Typography variant="subtitle1">Authors</Typography>
      {authors.length ? (
        <List dense disablePadding>
          {authors.map((a, i) => (
            <ListItem
              key={a._id}
              disableGutters
              data-testid="author"
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        aria-label={`Move ${a.firstName} ${a.lastName} up`}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        ↑
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        aria-label={`Move ${a.firstName} ${a.lastName} down`}
                        disabled={i === authors.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        ↓
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Button
                    variant="text"
                    color="error"
                    size="small"
                    aria-label={`Remove ${a.firstName} ${a.lastName}`}
                    onClick={() => remove(a._id)}
                  >
                    Remove
                  </Button>
                </Stack>
              }
            >
              <Radio
                checked={primaryAuthor === a._id}
                onChange={() => onChange(authors, a._id)}
                slotProps={{ input: { 'aria-label': `Primary author: ${a.firstName} ${a.lastName}` } }}
              />
              <ListItemText
                primary={`${i + 1}. ${a.firstName} ${a.lastName}${primaryAuthor === a._id ? ' (primary author)' : ''}`}
                secondary={[a.email, a.organization, a.country].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2">No authors yet.</Typography>
      )}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      {primaryError ? <FormHelperText error>{primaryError}</FormHelperText> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
        <TextField
          label="Co-author e-mail"
          type="email"
          value={email}
          size="small"
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
          sx={{ minWidth: 320 }}
        />
        <Button variant="outlined" onClick={() => void find()} disabled={busy || !email.trim()}>
          Add co-author
        </Button>
      </Stack>
      {message ? (
        <Alert severity={message.severity} data-testid="co-author-message">
          {message.text}
        </Alert>
      ) : null}
      {creating !== null ? (
        <NewCoAuthorForm
          key={creating}
          email={creating}
          onCreated={add}
          onCancel={() => {
            setCreating(null);
            setMessage(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
