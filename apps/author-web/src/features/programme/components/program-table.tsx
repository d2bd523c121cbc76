import { Box, Paper, Typography } from '@mui/material';

/**
 * Conference.programTable: HTML the chair wrote, sanitised by the server before it is sent, shown as is.
 * A table wider than a phone scrolls inside its own box instead of widening the page.
 */
export function ProgramTable({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="program-table-title" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="program-table-title" sx={{ mb: 1 }}>
        Programme at a glance
      </Typography>
      <Box
        data-testid="program-table"
        // scrolls sideways on a phone: focusable so the arrow keys scroll it (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label="Programme at a glance, scrollable"
        sx={{
          overflowX: 'auto',
          overflowWrap: 'normal',
          '& table': { borderCollapse: 'collapse' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, verticalAlign: 'top' },
          '& img': { maxWidth: '100%', height: 'auto' },
        }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Paper>
  );
}
