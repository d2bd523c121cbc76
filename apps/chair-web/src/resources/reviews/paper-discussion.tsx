import { Alert, Chip, Paper, Stack, Typography } from '@mui/material';
import type { DiscussionReviewDto } from '@symposium/domain';
import { DiscussionThread, errorMessage, useConferenceTimeText } from '@symposium/ui';
import { usePostDiscussionComment } from './api/mutations';
import { useDiscussion, useDiscussionReviews } from './api/queries';

const SCORES = {
  quality: 'Quality',
  contribution: 'Contribution',
  originality: 'Originality',
  final: 'Final',
} as const;

/** Versions of the submitted reviews: "Revised" and what changed in each version. */
function Revisions({ reviews }: { reviews: DiscussionReviewDto[] }) {
  const when = useConferenceTimeText();
  const revised = reviews.filter((r) => r.revised);
  if (!revised.length) return null;
  return (
    <Stack spacing={1} data-testid="review-history">
      {revised.map((r) => (
        <Paper key={r._id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {r.reviewer}
            </Typography>
            <Chip size="small" label="Revised" />
          </Stack>
          {r.versions
            .filter((v) => v.changes)
            .map((v) => (
              <Typography key={v.version} variant="body2">
                Version {v.version} ({when(v.createdAt)}):{' '}
                {[
                  ...(Object.keys(SCORES) as (keyof typeof SCORES)[])
                    .filter((k) => v.changes![k].changed)
                    .map((k) => `${SCORES[k]} ${v.changes![k].old ?? '–'} → ${v.changes![k].new ?? '–'}`),
                  ...(v.changes!.commentsAuthor.changed ? ['comments to the authors'] : []),
                  ...(v.changes!.commentsChair?.changed ? ['comments to the chairs'] : []),
                ].join(', ') || 'no change'}
              </Typography>
            ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The paper's discussion on /ViewPaperReviews/{id} (chairs; track chairs of its track): revised reviews with
 * what changed, the thread with "New" on comments since the last visit, and the post form. A chair with a
 * conflict of interest gets the server's 404 and sees nothing of it.
 */
export function PaperDiscussion({ paperId }: { paperId: number }) {
  const thread = useDiscussion(paperId);
  const reviews = useDiscussionReviews(paperId);
  const post = usePostDiscussionComment(paperId);
  if (thread.isError)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {errorMessage(thread.error)}
      </Alert>
    );
  if (!thread.data) return null;
  const d = thread.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="discussion-heading" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" id="discussion-heading">
        Discussion
      </Typography>
      {reviews.data && <Revisions reviews={reviews.data} />}
      <DiscussionThread
        thread={d}
        posting={post.isPending}
        postError={post.isError ? post.error : null}
        onPost={(body, done) => post.mutate(body, { onSuccess: done })}
      />
    </Stack>
  );
}
