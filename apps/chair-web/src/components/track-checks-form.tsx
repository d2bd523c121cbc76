import { Alert, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  CHECK_MESSAGES,
  CHECK_MODES,
  PAPER_SIZES,
  type CheckMode,
  type CheckStage,
  type FormatRules,
  type Margins,
  type PaperSize,
  type TrackChecks,
} from '@symposium/domain';
import { CHECK_STAGE_LABELS, errorMessage, Loading, useNotify } from '@symposium/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { useSaveTrackChecks } from '../resources/checks/api/mutations';
import { useTrackChecks } from '../resources/checks/api/queries';

const MODE_LABELS: Record<CheckMode, string> = {
  warn: 'Warn: the authors may still submit',
  block: 'Block: a PDF with findings is refused',
};

const SIZE_LABELS: Record<PaperSize, string> = { any: 'Any size', A4: 'A4', Letter: 'US Letter' };

const SIDES: (keyof Margins)[] = ['top', 'right', 'bottom', 'left'];
const SIDE_LABELS: Record<keyof Margins, string> = {
  top: 'Top margin',
  right: 'Right margin',
  bottom: 'Bottom margin',
  left: 'Left margin',
};

type NumberRule = 'pageLimit' | 'sizeTolerancePt' | 'minFontPt' | 'columns' | 'maxFileMb';

/** One stage's rules as the form holds them: numbers as typed ('' = not checked). */
interface RulesState {
  enabled: boolean;
  excludeReferences: boolean;
  excludeAppendix: boolean;
  requireEmbeddedFonts: boolean;
  paperSize: PaperSize;
  numbers: Record<NumberRule, string>;
  checkMargins: boolean;
  margins: Record<keyof Margins, string>;
}

interface FormState {
  mode: CheckMode;
  doubleBlind: boolean;
  /** The duplicate threshold as typed (a similarity from 0.1 to 1, as the API's message says). */
  threshold: string;
  rules: Record<CheckStage, RulesState>;
}

const text = (n: number | null) => (n === null ? '' : String(n));

const toRulesState = (r: FormatRules): RulesState => ({
  enabled: r.enabled,
  excludeReferences: r.excludeReferences,
  excludeAppendix: r.excludeAppendix,
  requireEmbeddedFonts: r.requireEmbeddedFonts,
  paperSize: r.paperSize,
  numbers: {
    pageLimit: text(r.pageLimit),
    sizeTolerancePt: text(r.sizeTolerancePt),
    minFontPt: text(r.minFontPt),
    columns: text(r.columns),
    maxFileMb: text(r.maxFileMb),
  },
  checkMargins: r.minMarginsIn !== null,
  margins: {
    top: text(r.minMarginsIn?.top ?? 1),
    right: text(r.minMarginsIn?.right ?? 1),
    bottom: text(r.minMarginsIn?.bottom ?? 1),
    left: text(r.minMarginsIn?.left ?? 1),
  },
});

const toState = (c: TrackChecks): FormState => ({
  mode: c.mode,
  doubleBlind: c.doubleBlind,
  threshold: String(c.duplicateThreshold),
  rules: { submission: toRulesState(c.submission), cameraReady: toRulesState(c.cameraReady) },
});

/** A typed number: null when empty, NaN when it is not a number in range (the field's message). */
function parse(raw: string, { whole = false, min = 0, exclusive = true } = {}): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || (exclusive ? n <= min : n < min)) return NaN;
  return n;
}

const NUMBER_RULES: Record<NumberRule, { whole?: boolean; exclusive?: boolean }> = {
  pageLimit: { whole: true },
  sizeTolerancePt: { exclusive: false },
  minFontPt: {},
  columns: { whole: true },
  maxFileMb: {},
};

/** The form as the API's TrackChecks, and the field errors (field name → message). */
function toChecks(s: FormState): { checks: TrackChecks; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rules = (stage: CheckStage): FormatRules => {
    const r = s.rules[stage];
    const num = (key: NumberRule) => {
      const n = parse(r.numbers[key], NUMBER_RULES[key]);
      if (Number.isNaN(n)) errors[`${stage}.${key}`] = CHECK_MESSAGES.rulesInvalid;
      return n;
    };
    const margins = Object.fromEntries(
      SIDES.map((side) => {
        const n = parse(r.margins[side], { exclusive: false });
        if (r.checkMargins && (n === null || Number.isNaN(n)))
          errors[`${stage}.margins.${side}`] = CHECK_MESSAGES.rulesInvalid;
        return [side, n ?? 0];
      }),
    ) as unknown as Margins;
    const tolerance = num('sizeTolerancePt');
    return {
      enabled: r.enabled,
      pageLimit: num('pageLimit'),
      excludeReferences: r.excludeReferences,
      excludeAppendix: r.excludeAppendix,
      paperSize: r.paperSize,
      sizeTolerancePt: tolerance ?? 9,
      minFontPt: num('minFontPt'),
      minMarginsIn: r.checkMargins ? margins : null,
      columns: num('columns'),
      maxFileMb: num('maxFileMb'),
      requireEmbeddedFonts: r.requireEmbeddedFonts,
    };
  };
  const threshold = Number(s.threshold);
  if (s.threshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0.1 || threshold > 1)
    errors.duplicateThreshold = CHECK_MESSAGES.thresholdInvalid;
  return {
    checks: {
      mode: s.mode,
      doubleBlind: s.doubleBlind,
      duplicateThreshold: threshold,
      submission: rules('submission'),
      cameraReady: rules('cameraReady'),
    },
    errors,
  };
}

/** One cell of a rules grid. */
function Cell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <Grid size={{ xs: 12, sm: 6, md: wide ? 6 : 3 }}>{children}</Grid>;
}

/** The rules of one stage (submission or camera-ready), in a group named by its heading. */
function StageRules({
  stage,
  rules,
  errors,
  onChange,
}: {
  stage: CheckStage;
  rules: RulesState;
  errors: Record<string, string>;
  onChange: (rules: RulesState) => void;
}) {
  const titleId = `checks-${stage}-title`;
  const label = CHECK_STAGE_LABELS[stage];
  const numberField = (key: NumberRule, fieldLabel: string, hint: string) => (
    <TextField
      label={fieldLabel}
      name={`${stage}.${key}`}
      type="number"
      value={rules.numbers[key]}
      error={Boolean(errors[`${stage}.${key}`])}
      helperText={errors[`${stage}.${key}`] ?? hint}
      slotProps={{ htmlInput: { min: 0, step: NUMBER_RULES[key].whole ? 1 : 'any' } }}
      onChange={(e) => onChange({ ...rules, numbers: { ...rules.numbers, [key]: e.target.value } })}
    />
  );
  const flag = (key: 'excludeReferences' | 'excludeAppendix' | 'requireEmbeddedFonts', flagLabel: string) => (
    <SwitchField
      name={`${stage}.${key}`}
      label={flagLabel}
      checked={rules[key]}
      onChange={(v) => onChange({ ...rules, [key]: v })}
    />
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      role="group"
      aria-labelledby={titleId}
      data-testid={`checks-${stage}`}
    >
      <Typography variant="subtitle1" component="h3" id={titleId}>
        {label} PDFs
      </Typography>
      <SwitchField
        name={`${stage}.enabled`}
        label={`Check ${label.toLowerCase()} PDFs`}
        checked={rules.enabled}
        onChange={(enabled) => onChange({ ...rules, enabled })}
      />
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Cell>{numberField('pageLimit', 'Page limit', 'Body pages; empty: no limit')}</Cell>
        <Cell>
          <SelectField
            label="Paper size"
            name={`${stage}.paperSize`}
            value={rules.paperSize}
            options={PAPER_SIZES.map((v) => ({ value: v, label: SIZE_LABELS[v] }))}
            onChange={(e) => onChange({ ...rules, paperSize: e.target.value as PaperSize })}
          />
        </Cell>
        <Cell>{numberField('sizeTolerancePt', 'Size tolerance (pt)', 'Default 9 pt (1/8 in)')}</Cell>
        <Cell>{numberField('minFontPt', 'Minimum body font (pt)', 'Empty: not checked')}</Cell>
        <Cell>{numberField('columns', 'Columns', 'Text columns; empty: not checked')}</Cell>
        <Cell>{numberField('maxFileMb', 'Maximum file size (MB)', 'Empty: no limit')}</Cell>
        <Cell wide>
          <Stack>
            {flag('excludeReferences', 'References do not count towards the page limit')}
            {flag('excludeAppendix', 'The appendix does not count towards the page limit')}
            {flag('requireEmbeddedFonts', 'Every font must be embedded')}
          </Stack>
        </Cell>
      </Grid>
      <Box sx={{ mt: 1 }}>
        <SwitchField
          name={`${stage}.checkMargins`}
          label="Check the minimum margins (inches)"
          checked={rules.checkMargins}
          onChange={(checkMargins) => onChange({ ...rules, checkMargins })}
        />
        {rules.checkMargins ? (
          <Grid container spacing={2}>
            {SIDES.map((side) => (
              <Cell key={side}>
                <TextField
                  label={`${SIDE_LABELS[side]} (in)`}
                  name={`${stage}.margins.${side}`}
                  type="number"
                  value={rules.margins[side]}
                  error={Boolean(errors[`${stage}.margins.${side}`])}
                  helperText={errors[`${stage}.margins.${side}`]}
                  slotProps={{ htmlInput: { min: 0, step: 'any' } }}
                  onChange={(e) =>
                    onChange({ ...rules, margins: { ...rules.margins, [side]: e.target.value } })
                  }
                />
              </Cell>
            ))}
          </Grid>
        ) : null}
      </Box>
    </Paper>
  );
}

function ChecksForm({ trackId, initial }: { trackId: number; initial: TrackChecks }) {
  const notify = useNotify();
  const save = useSaveTrackChecks();
  const [s, setS] = useState<FormState>(() => toState(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { checks, errors: found } = toChecks(s);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length) return;
    save.mutate(
      { trackId, checks },
      {
        onSuccess: (r) => notify(r.message),
        onError: (err) => setServerError(errorMessage(err, 'The submission checks could not be saved')),
      },
    );
  };
  const firstError = Object.values(errors)[0];
  return (
    <form onSubmit={submit} noValidate aria-label="Submission checks of the track">
      <ErrorAlert message={serverError} testId="checks-error" />
      {firstError ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="checks-form-error">
          {firstError}
        </Alert>
      ) : null}
      <Grid container spacing={2} alignItems="flex-start">
        <Grid size={{ xs: 12, md: 5 }}>
          <SelectField
            label="When a PDF breaks the rules"
            name="checks.mode"
            value={s.mode}
            options={CHECK_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            onChange={(e) => setS({ ...s, mode: e.target.value as CheckMode })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <TextField
            label="Duplicate threshold"
            name="checks.duplicateThreshold"
            type="number"
            value={s.threshold}
            error={Boolean(errors.duplicateThreshold)}
            helperText={
              errors.duplicateThreshold ?? 'Text similarity (0.1–1) from which two submissions are listed'
            }
            slotProps={{ htmlInput: { min: 0.1, max: 1, step: 0.05 } }}
            onChange={(e) => setS({ ...s, threshold: e.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SwitchField
            name="checks.doubleBlind"
            label="Double-blind: look for the authors in the submission PDFs"
            checked={s.doubleBlind}
            onChange={(doubleBlind) => setS({ ...s, doubleBlind })}
          />
        </Grid>
      </Grid>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {(['submission', 'cameraReady'] as const).map((stage) => (
          <StageRules
            key={stage}
            stage={stage}
            rules={s.rules[stage]}
            errors={errors}
            onChange={(rules) => setS({ ...s, rules: { ...s.rules, [stage]: rules } })}
          />
        ))}
      </Stack>
      <Button type="submit" sx={{ mt: 2 }} disabled={save.isPending}>
        Save checks
      </Button>
    </form>
  );
}

/**
 * The "Submission checks" section of a track (issue 26): whether findings warn or block, double-blind, the
 * duplicate threshold, and the format rules of the submission and camera-ready PDFs. Saving shows the
 * server's message; a refusal (400) shows its message above the form.
 */
export function TrackChecksForm({ trackId }: { trackId: number }) {
  const checks = useTrackChecks(trackId);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      component="section"
      aria-labelledby="submission-checks-title"
      data-testid="track-checks"
    >
      <Typography variant="h6" component="h2" id="submission-checks-title" gutterBottom>
        Submission checks
      </Typography>
      {checks.isPending ? (
        <Loading />
      ) : checks.isError ? (
        <Alert severity="error">{errorMessage(checks.error)}</Alert>
      ) : (
        <ChecksForm key={`${trackId}-${checks.dataUpdatedAt}`} trackId={trackId} initial={checks.data} />
      )}
    </Paper>
  );
}
