import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { dayColorAt, type DayDto } from '@symposium/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary, SummaryClashes } from './clash-list';
import { ColorSwatch, DayDialog, DayForm } from './day-form';
import { DayCard } from './day-list';
import { EventSessionsStep } from './event-sessions';
import { colorName, eventsById } from './programme-labels';
import { ProgrammeSummary } from './programme-summary';
import { WizardButtons, WizardFrame } from './wizard-frame';
import { useDays, useDraftProgramme } from './api/queries';

const STEPS = ['Days', 'Events', 'Sessions', 'Summary'];

/**
 * /AssignConferenceDays: the days wizard — add days (date, desk, colour), the events of each day, the
 * sessions of each event, then a summary of the whole draft with its clashes.
 */
export function AssignConferenceDays() {
  const days = useDays();
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<DayDto | null>(null);
  const count = days.data?.length ?? 0;
  const go = (next: number) => {
    setProblem(null);
    if (next > 0 && count === 0) return setProblem('Please add a day first');
    setStep(next);
  };

  return (
    <>
      <PageTitle
        title="Conference days"
        subtitle="Days, their events and sessions"
        actions={<ClashSummary />}
      />
      <WizardFrame
        steps={STEPS}
        active={step}
        onStep={go}
        problem={problem}
        buttons={
          <WizardButtons
            onBack={step > 0 ? () => go(step - 1) : undefined}
            onNext={step < STEPS.length - 1 ? () => go(step + 1) : undefined}
          >
            {step === STEPS.length - 1 ? (
              <Button component={Link} to={paths.viewDays}>
                Go to the days and publish
              </Button>
            ) : null}
          </WizardButtons>
        }
      >
        <QueryView query={days}>
          {(list) => (
            <Box data-testid={`wizard-step-${step}`}>
              {step === 0 ? (
                <>
                  <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                    <Typography variant="h6" component="h2" gutterBottom>
                      Add a day
                    </Typography>
                    <DayForm key={`new-day-${list.length}`} defaultColor={dayColorAt(list.length)} />
                  </Paper>
                  <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                    <Typography variant="h6" component="h2">
                      Days
                    </Typography>
                    {list.length === 0 ? <Typography color="text.secondary">No days yet.</Typography> : null}
                    <List dense data-testid="wizard-days">
                      {list.map((d) => (
                        <ListItem
                          key={d._id}
                          data-testid={`wizard-day-${d._id}`}
                          sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                        >
                          <ListItemText primary={d.date} secondary={d.desk} sx={{ minWidth: 0 }} />
                          <Chip
                            size="small"
                            variant="outlined"
                            icon={<ColorSwatch color={d.color} />}
                            label={colorName(d.color)}
                          />
                          <Button
                            size="small"
                            variant="outlined"
                            aria-label={`Edit day ${d.date}`}
                            onClick={() => setEditing(d)}
                          >
                            Edit day
                          </Button>
                        </ListItem>
                      ))}
                    </List>
                  </Paper>
                </>
              ) : null}
              {step === 1 ? list.map((d) => <DayCard key={d._id} day={d} />) : null}
              {step === 2 ? (
                <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                  <Typography variant="h6" component="h2" gutterBottom>
                    Sessions of each event
                  </Typography>
                  <EventSessionsStep days={list} eventNames={eventsById(list)} />
                </Paper>
              ) : null}
              {step === 3 ? <SummaryStep /> : null}
            </Box>
          )}
        </QueryView>
        {editing ? <DayDialog day={editing} onClose={() => setEditing(null)} /> : null}
      </WizardFrame>
    </>
  );
}

function SummaryStep() {
  const programme = useDraftProgramme();
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        The draft programme
      </Typography>
      <QueryView query={programme}>{(p) => <ProgrammeSummary programme={p} />}</QueryView>
      <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
        <SummaryClashes />
      </Paper>
    </>
  );
}
