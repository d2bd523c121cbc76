import { Paper, Stack, Typography } from '@mui/material';
import { ConferenceTime, ResponseText } from '@symposium/ui';
import { useReviewerResponses } from '../api/responses';

/** The reviewer console: the authors' submitted responses to the reviews of a paper (drafts never). */
export function SubmittedResponses({ paperId }: { paperId: number }) {
  const responses = useReviewerResponses(paperId);
  if (!responses.data?.length) return null;
  return (
    <Stack spacing={2} component="section" aria-labelledby="author-responses" data-testid="author-responses">
      <Typography variant="h5" component="h2" id="author-responses">
        Author responses
      </Typography>
      {responses.data.map((r) => (
        <Paper key={r.round} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {r.roundName} · submitted <ConferenceTime value={r.submittedAt} />
          </Typography>
          <ResponseText text={r.text} />
        </Paper>
      ))}
    </Stack>
  );
}
