import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  CHAIR_PAPER_MESSAGES,
  parseRegistrationAmount,
  REGISTRATION_EXTRA_MESSAGES,
  registrationIdError,
  type ChairPaperDto,
  type PaperRegistration,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PaperScreen, SaveBar } from '../../components/paper-screen';
import { useUpdatePaper } from '../papers/api/mutations';
import { nativeSelect } from '../../components/select-field';

/** One registration as typed (the amount stays text until it is checked). */
interface Draft {
  author: string;
  id: string;
  amount: string;
  extra: string;
}

const toDraft = (r: PaperRegistration | null | undefined): Draft => ({
  author: r?.author === null || r?.author === undefined ? '' : String(r.author),
  id: r?.id ?? '',
  amount: r?.amount === null || r?.amount === undefined ? '' : String(r.amount),
  extra: r?.extra ?? '',
});

const fromDraft = (d: Draft) => ({
  author: d.author === '' ? null : Number(d.author),
  id: d.id.trim(),
  amount: parseRegistrationAmount(d.amount) ?? null,
  extra: d.extra,
});

/** The §5 rule and the amount, checked as typed (the server checks the same and the number's uniqueness). */
function problemsOf(d: Draft, other: boolean): { id: string | null; amount: string | null } {
  return {
    id: registrationIdError(d.id, other),
    amount: parseRegistrationAmount(d.amount) === undefined ? REGISTRATION_EXTRA_MESSAGES.amount : null,
  };
}

/** /EditPaperRegistration/{paperId} (chair only): the main registration and the other registrations. */
export function EditPaperRegistration() {
  return (
    <PaperScreen title="Paper registration">
      {(paper, back) => <RegistrationForm key={paper._id} paper={paper} onBack={back} />}
    </PaperScreen>
  );
}

function RegistrationFields({
  paper,
  draft,
  other,
  index,
  onChange,
}: {
  paper: ChairPaperDto;
  draft: Draft;
  other: boolean;
  index?: number;
  onChange: (d: Draft) => void;
}) {
  const p = problemsOf(draft, other);
  const prefix = other ? `other-${index}` : 'main';
  const label = other ? `Other registration ${index! + 1}` : 'Main registration';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ flex: 1 }}
      aria-label={label}
      role="group"
    >
      <TextField
        select
        label="Author"
        name={`${prefix}-author`}
        value={draft.author}
        slotProps={nativeSelect}
        sx={{ minWidth: 220 }}
        onChange={(e) => onChange({ ...draft, author: e.target.value })}
      >
        <option value="">No author</option>
        {paper.authors.map((a) => (
          <option key={a._id} value={String(a._id)}>
            {`${a.firstName} ${a.lastName}`.trim() || a.email}
          </option>
        ))}
      </TextField>
      <TextField
        label="Registration ID"
        name={`${prefix}-id`}
        value={draft.id}
        required={other}
        error={Boolean(p.id)}
        helperText={p.id ?? (other ? 'Required' : 'May be empty')}
        onChange={(e) => onChange({ ...draft, id: e.target.value })}
      />
      <TextField
        label="Amount"
        name={`${prefix}-amount`}
        value={draft.amount}
        error={Boolean(p.amount)}
        helperText={p.amount ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: 160 }}
        onChange={(e) => onChange({ ...draft, amount: e.target.value })}
      />
      <TextField
        label="Extra"
        name={`${prefix}-extra`}
        value={draft.extra}
        helperText=" "
        sx={{ flex: 1 }}
        onChange={(e) => onChange({ ...draft, extra: e.target.value })}
      />
    </Stack>
  );
}

function RegistrationForm({ paper, onBack }: { paper: ChairPaperDto; onBack: () => void }) {
  const notify = useNotify();
  const update = useUpdatePaper();
  const [main, setMain] = useState<Draft>(toDraft(paper.registration));
  const [others, setOthers] = useState<Draft[]>(paper.otherRegistrations.map(toDraft));
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const invalid =
    Object.values(problemsOf(main, false)).some(Boolean) ||
    others.some((o) => Object.values(problemsOf(o, true)).some(Boolean));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    const empty = !main.author && !main.id.trim() && !main.amount.trim() && !main.extra.trim();
    setAnswer(null);
    update.mutate(
      {
        id: paper._id,
        body: { registration: empty ? null : fromDraft(main), otherRegistrations: others.map(fromDraft) },
      },
      {
        onSuccess: () => {
          setAnswer({ ok: true, message: CHAIR_PAPER_MESSAGES.updated });
          notify(CHAIR_PAPER_MESSAGES.updated);
        },
        onError: (err) => {
          const message = errorMessage(err, CHAIR_PAPER_MESSAGES.updateError);
          setAnswer({ ok: false, message });
          notify(message, 'error');
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2" gutterBottom>
        Main registration
      </Typography>
      <RegistrationFields paper={paper} draft={main} other={false} onChange={setMain} />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
        Other registrations
      </Typography>
      {others.length ? null : (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          No other registrations.
        </Typography>
      )}
      {others.map((o, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <RegistrationFields
            paper={paper}
            draft={o}
            other
            index={i}
            onChange={(d) => setOthers(others.map((x, j) => (j === i ? d : x)))}
          />
          <Button
            color="error"
            sx={{ mt: 1 }}
            aria-label={`Remove other registration ${i + 1}`}
            onClick={() => setOthers(others.filter((_x, j) => j !== i))}
          >
            Remove
          </Button>
        </Box>
      ))}
      <Button
        variant="outlined"
        size="small"
        onClick={() => setOthers([...others, { author: '', id: '', amount: '', extra: '' }])}
      >
        Add registration
      </Button>
      {answer ? (
        <Alert
          severity={answer.ok ? 'success' : 'error'}
          sx={{ mt: 2 }}
          role="alert"
          data-testid="registration-answer"
        >
          {answer.message}
        </Alert>
      ) : null}
      <SaveBar busy={update.isPending} disabled={invalid} onBack={onBack} />
    </Paper>
  );
}
