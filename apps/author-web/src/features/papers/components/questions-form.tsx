import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { answerMax, type AnswerRules, type SurveyQuestion } from '@symposium/domain';

/**
 * §3 survey questions: a choice list when the question has choices (and is not a comment), otherwise a short
 * comment or a text area, each capped at its §5 length. Questions with a problem are highlighted in red.
 */
export function QuestionsForm({
  questions,
  answers,
  onChange,
  errors,
  rules,
}: {
  /** Titles already resolved (conference-name placeholder). */
  questions: SurveyQuestion[];
  answers: string[];
  onChange: (answers: string[]) => void;
  errors: Record<number, string>;
  rules: AnswerRules;
}) {
  const set = (i: number, value: string) => {
    const next = questions.map((_q, j) => answers[j] ?? '');
    next[i] = value;
    onChange(next);
  };
  return (
    <Stack spacing={2} data-testid="questions">
      {questions.map((q, i) => {
        const value = answers[i] ?? '';
        const error = errors[i];
        const required = q.isRequired || rules.requireAll;
        if (q.choices.length && !q.isComment) {
          const labelId = `question-${i}-label`;
          return (
            <FormControl key={i} error={Boolean(error)} required={required} fullWidth>
              <InputLabel id={labelId}>{q.title}</InputLabel>
              <Select
                labelId={labelId}
                label={q.title}
                value={q.choices.includes(value) ? value : ''}
                onChange={(e) => set(i, e.target.value)}
                SelectDisplayProps={{ 'aria-label': q.title } as object}
              >
                {q.choices.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </Select>
              {error ? <FormHelperText>{error}</FormHelperText> : null}
            </FormControl>
          );
        }
        const max = answerMax(q, rules);
        return (
          <TextField
            key={i}
            label={q.title}
            value={value}
            required={required}
            error={Boolean(error)}
            helperText={error ?? `${value.length} / ${max}`}
            onChange={(e) => set(i, e.target.value.slice(0, max))}
            multiline={q.isTextArea}
            minRows={q.isTextArea ? 3 : undefined}
            slotProps={{ htmlInput: { maxLength: max } }}
            fullWidth
          />
        );
      })}
    </Stack>
  );
}
