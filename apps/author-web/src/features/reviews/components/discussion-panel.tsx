import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { DiscussionReviewDto } from '@symposium/domain';
import { DiscussionThread, useConferenceTimeText } from '@symposium/ui';
import { useAuthorDiscussion, useDiscussion, useDiscussionReviews, usePostComment } from '../api/discussion';

const SCORE_LABELS = {
  quality: 'Quality',
  contribution: 'Contribution',
  originality: 'Originality',
  final: 'Final',
} as const;

/** Each submitted review of the paper; a revised one lists what changed in each version. */
export function ReviewHistory({ reviews }: { reviews: DiscussionReviewDto[] }) {
  const when = useConferenceTimeText();
  return (
    <Stack spacing={1} data-testid="review-history">
      {reviews.map((r) => (
        <Paper key={r._id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {r.mine ? `${r.reviewer} (your review)` : r.reviewer}
            </Typography>
            {r.revised && <Chip size="small" label="Revised" data-testid="revised" />}
          </Stack>
          {r.versions.map((v) => (
            <Box key={v.version} sx={{ mt: 0.5 }}>
              <Typography variant="body2">
                Version {v.version} · {when(v.createdAt)} · final {v.scores.final}, quality{' '}
                {v.scores.quality ?? '–'}, contribution {v.scores.contribution ?? '–'}, originality{' '}
                {v.scores.originality ?? '–'}
              </Typography>
              {v.changes && (
                <Typography variant="body2" color="text.secondary">
                  Changed:{' '}
                  {[
                    ...(Object.keys(SCORE_LABELS) as (keyof typeof SCORE_LABELS)[])
                      .filter((k) => v.changes![k].changed)
                      .map(
                        (k) => `${SCORE_LABELS[k]} ${v.changes![k].old ?? '–'} → ${v.changes![k].new ?? '–'}`,
                      ),
                    ...(v.changes.commentsAuthor.changed ? ['comments to the authors'] : []),
                    ...(v.changes.commentsChair?.changed ? ['comments to the chairs'] : []),
                  ].join(', ') || 'nothing'}
                </Typography>
              )}
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The paper's discussion for one of its reviewers (/ViewPaperReview/{paperId}): the other reviews with their
 * history, the thread ("New" on comments since the last visit) and the post form. Before the reviewer
 * submitted their review the server answers 404 and the panel says when it opens.
 */
export function DiscussionPanel({ paperId }: { paperId: number }) {
  const thread = useDiscussion(paperId);
  const reviews = useDiscussionReviews(paperId, thread.isSuccess);
  const postComment = usePostComment(paperId);
  return (
    <Stack spacing={2} component="section" aria-labelledby="discussion-heading">
      <Typography variant="h5" component="h2" id="discussion-heading">
        Discussion
      </Typography>
      {thread.isError ? (
        <Alert severity="info" data-testid="discussion-closed">
          The discussion opens once you have submitted your review.
        </Alert>
      ) : thread.data ? (
        <>
          {reviews.data && reviews.data.length > 0 && <ReviewHistory reviews={reviews.data} />}
          <DiscussionThread
            thread={thread.data}
            posting={postComment.isPending}
            postError={postComment.isError ? postComment.error : null}
            onPost={(body, done) => postComment.mutate(body, { onSuccess: done })}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The comments to the authors, under the released reviews of an author's paper. */
export function AuthorDiscussion({ paperId }: { paperId: number }) {
  const comments = useAuthorDiscussion(paperId);
  const when = useConferenceTimeText();
  if (!comments.data?.length) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="author-discussion-heading">
      <Typography variant="h5" component="h2" id="author-discussion-heading">
        Comments from the programme committee
      </Typography>
      {comments.data.map((c) => (
        <Paper key={c._id} variant="outlined" sx={{ p: 1.5 }} data-testid="author-comment">
          <Typography variant="body2" color="text.secondary">
            {c.author} · {when(c.createdAt)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
