import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { StepsBar } from '@symposium/ui';
import type { ReactNode } from 'react';

/**
 * A stepper: the current step's content, its problem (the first message of the step's check) and Back /
 * Next (or the final action on the last step). `onNext` returns the problem of the current step or null.
 */
export function Wizard({
  steps,
  step,
  onStep,
  onNext,
  problem,
  finishLabel,
  onFinish,
  busy,
  children,
}: {
  steps: string[];
  step: number;
  onStep: (step: number) => void;
  onNext: () => string | null;
  problem: string | null;
  finishLabel: string;
  onFinish: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const last = step === steps.length - 1;
  return (
    <Stack spacing={3}>
      <StepsBar steps={steps} active={step} alternativeLabel sx={{}} />
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="wizard-step" aria-label={steps[step]}>
        {children}
      </Paper>
      {problem ? (
        <Alert severity="error" data-testid="form-error">
          {problem}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button variant="outlined" disabled={step === 0 || busy} onClick={() => onStep(step - 1)}>
          Back
        </Button>
        {last ? (
          <Button onClick={onFinish} disabled={busy}>
            {finishLabel}
          </Button>
        ) : (
          <Button
            onClick={() => {
              if (onNext() === null) onStep(step + 1);
            }}
          >
            Next
          </Button>
        )}
      </Box>
    </Stack>
  );
}
