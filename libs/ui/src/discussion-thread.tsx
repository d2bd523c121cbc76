import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DISCUSSION_COMMENT_MAX,
  type DiscussionCommentDto,
  type DiscussionDto,
  type DiscussionVisibility,
} from '@symposium/domain';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from './api';
import { useConferenceTimeText } from './conference-time';

/** Who reads a comment, as both apps label it. */
export const DISCUSSION_VISIBILITY_LABELS: Record<DiscussionVisibility, string> = {
  reviewers: 'Reviewers and chairs',
  chairs: 'Chairs only',
  authors: 'Authors (with the released reviews)',
};

/** One comment: its author, when, a chip for who reads it, "New" since the reader's last visit. */
function Comment({ c }: { c: DiscussionCommentDto }) {
  const when = useConferenceTimeText();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="comment" data-unread={c.unread ? 'true' : 'false'}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="subtitle2" component="span">
          {c.mine ? `${c.author} (you)` : c.author}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {when(c.createdAt)}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={DISCUSSION_VISIBILITY_LABELS[c.visibility]}
          data-testid="comment-visibility"
        />
        {c.unread && <Chip size="small" color="primary" label="New" data-testid="unread-marker" />}
      </Stack>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
        {c.text}
      </Typography>
    </Paper>
  );
}

/** The post form: the text (@mentions), who reads it, a character count. */
function Composer({
  mentions,
  canPostChairsOnly,
  posting,
  postError,
  onPost,
}: {
  mentions: string[];
  canPostChairsOnly: boolean;
  posting: boolean;
  postError: unknown;
  onPost: DiscussionThreadProps['onPost'];
}) {
  const labelId = useId();
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<DiscussionVisibility>('reviewers');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPost({ text, visibility }, () => setText(''));
  };
  const options = (Object.keys(DISCUSSION_VISIBILITY_LABELS) as DiscussionVisibility[]).filter(
    (v) => v !== 'chairs' || canPostChairsOnly,
  );
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1.5}>
        {postError ? <Alert severity="error">{errorMessage(postError)}</Alert> : null}
        <TextField
          label="Comment"
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_COMMENT_MAX, 'data-testid': 'comment-text' } }}
          helperText={`${text.length}/${DISCUSSION_COMMENT_MAX} · mention with ${
            mentions.length ? mentions.map((m) => `@${m}`).join(', ') : '@Name'
          }`}
        />
        <Stack direction="row" spacing={1.5} alignItems="center">
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id={labelId}>Visible to</InputLabel>
            <Select
              labelId={labelId}
              label="Visible to"
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as DiscussionVisibility)}
            >
              {options.map((v) => (
                <MenuItem key={v} value={v}>
                  {DISCUSSION_VISIBILITY_LABELS[v]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained" disabled={!text.trim() || posting}>
            Post comment
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export interface DiscussionThreadProps {
  /** The thread as GET /api/{chair|cochair|reviewer}/discussion/{paperId} answers it. */
  thread: Pick<DiscussionDto, 'comments' | 'unread' | 'participants' | 'canPostChairsOnly'>;
  /** A post is under way (the button waits). */
  posting: boolean;
  /** The last post's error, shown above the form; null when none. */
  postError: unknown;
  /** Posts a comment; `done` empties the form once the server took it. */
  onPost: (body: { text: string; visibility: DiscussionVisibility }, done: () => void) => void;
}

/**
 * A paper's discussion thread as both apps show it (the reviewer's /ViewPaperReview/{id}, the chair's
 * /ViewPaperReviews/{id}): how many comments are new, the comments with their visibility and "New" marker, and
 * the composer. Presentational only: each app passes its own data and post hooks.
 */
export function DiscussionThread({ thread, posting, postError, onPost }: DiscussionThreadProps) {
  return (
    <>
      <Typography variant="body2" data-testid="unread-count">
        {thread.unread ? `${thread.unread} new comment${thread.unread === 1 ? '' : 's'}` : 'No new comments'}
      </Typography>
      <Stack spacing={1} data-testid="comments">
        {thread.comments.length ? (
          thread.comments.map((c) => <Comment key={c._id} c={c} />)
        ) : (
          <Typography color="text.secondary">No comments yet.</Typography>
        )}
      </Stack>
      <Composer
        mentions={thread.participants.map((p) => p.mention)}
        canPostChairsOnly={thread.canPostChairsOnly}
        posting={posting}
        postError={postError}
        onPost={onPost}
      />
    </>
  );
}
