import { Box, Divider, Stack, Typography } from '@mui/material';
import type { AnsweredQuestion, PaperAuthorDto } from '@symposium/domain';
import type { ReactNode } from 'react';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function AuthorList({ authors, primary }: { authors: PaperAuthorDto[]; primary: number | null }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="paper-authors">
      {authors.map((a) => (
        <li key={a._id}>
          {a.firstName} {a.lastName}
          {a.organization ? `, ${a.organization}` : ''}
          {a.country ? ` (${a.country})` : ''}
          {a._id === primary ? ' — primary author' : ''}
        </li>
      ))}
    </Box>
  );
}

export function Answers({ answers }: { answers: AnsweredQuestion[] }) {
  if (!answers.length) return <Typography variant="body2">No answers</Typography>;
  return (
    <Stack spacing={1} divider={<Divider flexItem />}>
      {answers.map((q, i) => (
        <Box key={i}>
          <Typography variant="body2" fontWeight={500}>
            {q.title}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {q.answer || '—'}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
