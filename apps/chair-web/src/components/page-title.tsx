import { Box, Stack, Typography } from '@mui/material';
import { useDocumentTitle } from '@symposium/ui';
import type { ReactNode } from 'react';

/**
 * A screen's heading (its h1), with optional actions on the right (below it on a phone); it also names the browser
 * tab "<title> · <conference>". Actions wrap instead of widening the page.
 */
export function PageTitle({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      alignItems={{ xs: 'stretch', sm: 'flex-start' }}
      justifyContent="space-between"
      sx={{ mb: 2, gap: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? (
        <Stack direction="row" sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
