import { Alert, Button, LinearProgress, Stack } from '@mui/material';
import { StepsBar } from '@symposium/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame every programme wizard shares (technical and poster sessions, tutorials, conference days): the
 * steps, the current step's body, the step's problem (an alert read out at once), the row of buttons and,
 * while it works, a progress bar.
 */
export function WizardFrame({
  steps,
  active,
  onStep,
  problem,
  buttons,
  busy,
  children,
}: {
  steps: readonly string[];
  active: number;
  /** Makes each step a button (steps visited in any order). */
  onStep?: (step: number) => void;
  problem?: string | null;
  buttons: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <StepsBar steps={steps} active={active} onStep={onStep} />
      {children}
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        {buttons}
      </Stack>
      {busy ? <LinearProgress sx={{ mt: 2 }} /> : null}
    </>
  );
}

/** Back (when `onBack` is given), Next (when `onNext` is given), then the step's own buttons. */
export function WizardButtons({
  onBack,
  backDisabled,
  onNext,
  nextDisabled,
  children,
}: {
  onBack?: () => void;
  backDisabled?: boolean;
  onNext?: () => void;
  nextDisabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {onBack ? (
        <Button variant="outlined" disabled={backDisabled} onClick={onBack}>
          Back
        </Button>
      ) : null}
      {onNext ? (
        <Button disabled={nextDisabled} onClick={onNext}>
          Next
        </Button>
      ) : null}
      {children}
    </>
  );
}

/** Once the wizard has created what it built: a link to the list, and a button to start again. */
export function DoneButtons({
  to,
  view,
  again,
  onAgain,
}: {
  to: string;
  view: string;
  again: string;
  onAgain: () => void;
}) {
  return (
    <>
      <Button component={Link} to={to}>
        {view}
      </Button>
      <Button variant="outlined" onClick={onAgain}>
        {again}
      </Button>
    </>
  );
}
