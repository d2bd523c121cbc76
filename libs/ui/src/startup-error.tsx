import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useSession } from './auth';

/** Shown instead of the app when the start-up loading of spec §1 fails; "Try again" reloads it. */
export function StartupError({ message }: { message: string }) {
  const { reload } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Alert
        severity="error"
        data-testid="startup-error"
        sx={{ maxWidth: 560, width: '100%' }}
        action={
          <Button
            color="inherit"
            size="small"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void reload().finally(() => setBusy(false));
            }}
          >
            Try again
          </Button>
        }
      >
        <AlertTitle>The conference could not be loaded</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}
