import {
  Box,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The steps of a wizard. On a phone (below 600 px) the row of labels would be wider than the screen (six steps
 * under their icons need about 430 px), so there only the numbered icons show, their labels are kept for screen
 * readers, and a line below names the current step ("Step 2 of 6: Title and abstract"). With `onStep` each step
 * is a button (a wizard whose steps can be visited in any order). `active` past the last step marks every step
 * done.
 */
export function StepsBar({
  steps,
  active,
  onStep,
  alternativeLabel,
  sx = { mb: 3 },
}: {
  steps: readonly string[];
  active: number;
  onStep?: (step: number) => void;
  alternativeLabel?: boolean;
  /** The box around the steps and the line (a margin below it unless told). */
  sx?: SxProps<Theme>;
}) {
  const current = steps[active];
  return (
    <Box sx={sx} data-testid="steps-bar">
      <Stepper
        activeStep={active}
        nonLinear={onStep !== undefined}
        alternativeLabel={alternativeLabel}
        sx={(theme) => ({ '& .MuiStepLabel-label': { [theme.breakpoints.down('sm')]: visuallyHidden } })}
      >
        {steps.map((s, i) => (
          <Step key={s} completed={onStep ? false : undefined}>
            {onStep ? <StepButton onClick={() => onStep(i)}>{s}</StepButton> : <StepLabel>{s}</StepLabel>}
          </Step>
        ))}
      </Stepper>
      {current ? (
        <Typography
          variant="subtitle2"
          component="p"
          aria-hidden
          sx={{ display: { xs: 'block', sm: 'none' }, mt: 1, textAlign: 'center' }}
          data-testid="current-step"
        >
          Step {active + 1} of {steps.length}: {current}
        </Typography>
      ) : null}
    </Box>
  );
}
