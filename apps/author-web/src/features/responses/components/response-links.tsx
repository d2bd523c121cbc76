import { Alert, Button, Stack } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useResponsePhases } from '../api/responses';

/** On the author's paper view: a link per round whose response window is open or that has a response. */
export function ResponseLinks({ paperId }: { paperId: number }) {
  const phases = useResponsePhases(paperId);
  const shown = (phases.data ?? []).filter((p) => p.state === 'open' || p.response);
  if (!shown.length) return null;
  return (
    <Stack spacing={1} data-testid="response-links">
      {shown.map((p) => (
        <Alert
          key={p.round}
          severity={p.state === 'open' && !p.response?.submitted ? 'warning' : 'info'}
          action={
            <Button component={Link} to={paths.paperResponse(paperId, p.round)} size="small">
              {p.state === 'open' ? 'Write the response' : 'View the response'}
            </Button>
          }
        >
          Author response ({p.roundName}):{' '}
          {p.response?.submitted ? 'submitted' : p.response ? 'draft saved' : 'not written yet'}
          {p.state === 'open' ? '' : ' · the window is closed'}
        </Alert>
      ))}
    </Stack>
  );
}
