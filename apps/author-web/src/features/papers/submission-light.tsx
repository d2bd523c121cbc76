import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  checkUploadName,
  isActivityOpen,
  PAPER_MESSAGES,
  resolveQuestions,
  SUBMISSION_ANSWER_RULES,
  TITLE_MAX,
  validateSubmission,
  type ConferenceDto,
  type PaperAuthorDto,
  type PaperDto,
  type TrackDto,
} from '@symposium/domain';
import {
  ApiError,
  errorMessage,
  FileUpload,
  QueryState,
  refusedCheck,
  type CurrentUser,
  useDocumentTitle,
  useNotify,
  useSession,
} from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { usePreflights } from './api/checks';
import { usePaper } from './api/papers';
import { useSavePaper, type SubmissionBody } from './api/submission';
import { useTrack } from './api/tracks';
import { AuthorsEditor } from './components/authors-editor';
import { formatSize } from './components/paper-files';
import { PreflightPanel, preflightState, RefusedCheck } from './components/pdf-checks';
import { QuestionsForm } from './components/questions-form';
import { answersFor, firstErrors, indexedErrors } from './utils/form-errors';

/** §5 upload box rule: only doc, docx and pdf ('Please select a valid file'); the server checks the content. */
const validSubmissionFile = (file: File): string | null => {
  const named = checkUploadName(file.name, ALLOWED_UPLOAD_EXTENSIONS);
  if (!named.ok) return named.reason;
  if (file.size <= 0) return PAPER_MESSAGES.invalidFile;
  return null;
};

const asAuthor = (u: CurrentUser): PaperAuthorDto => ({
  _id: u._id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  organization: u.organization,
  country: u.country,
});

function SubmissionForm({
  track,
  paper,
  user,
  conference,
}: {
  track: TrackDto;
  paper: PaperDto | null;
  user: CurrentUser;
  conference: ConferenceDto | null;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useSavePaper(paper?._id ?? null);
  const sp = track.submissionProperties;
  const questions = useMemo(
    () => resolveQuestions(sp.questions, conference?.shortName ?? ''),
    [sp.questions, conference?.shortName],
  );
  const [title, setTitle] = useState(paper?.title ?? '');
  const [abstract, setAbstract] = useState(paper?.abstract.text ?? '');
  const [area, setArea] = useState<number | ''>(paper?.primarySubjectArea ?? '');
  const [authors, setAuthors] = useState<PaperAuthorDto[]>(paper?.authors ?? [asAuthor(user)]);
  const [primary, setPrimary] = useState<number | null>(paper ? paper.primaryAuthor : user._id);
  const [answers, setAnswers] = useState<string[]>(() => answersFor(questions, paper?.abstract.questions));
  const [removed, setRemoved] = useState<number[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReturnType<typeof refusedCheck>>(null);
  // the new PDFs checked against the track's rules with the authors on the form, before anything is sent
  const authorIds = useMemo(() => authors.map((a) => a._id), [authors]);
  const preflight = usePreflights(track._id, 'submission', files, authorIds);
  const { checking, blocking } = preflightState(preflight.items);
  const [settling, setSettling] = useState(false);

  // the server decides (UTC deadlines); the form says so up front
  const closed = paper
    ? paper.actions.canEdit
      ? null
      : PAPER_MESSAGES.editClosed
    : isActivityOpen(track.activities.canSubmitPaper, new Date())
      ? null
      : PAPER_MESSAGES.submissionClosed;
  const kept = (paper?.abstract.files ?? []).filter((f) => !removed.includes(f._id));
  const fileCount = kept.length + files.length;
  const questionErrors = indexedErrors(errors, 'abstract.questions');

  const submit = async () => {
    const body: SubmissionBody = {
      track: track._id,
      title: title.trim(),
      abstract: { text: abstract.trim(), questions: answers.map((answer) => ({ answer: answer.trim() })) },
      authors: authors.map((a) => a._id),
      primaryAuthor: primary,
      primarySubjectArea: area === '' ? null : area,
      ...(paper ? { removeFiles: removed } : {}),
    };
    const found = validateSubmission(
      body,
      { subjectAreas: track.subjectAreas, submissionProperties: { ...sp, questions } },
      fileCount,
    );
    setErrors(firstErrors(found));
    setProblem(found[0]?.message ?? null);
    setRefused(null);
    if (found.length) return;
    // a submit pressed while the checks run waits for them: a blocking finding stops it here (the panel shows it)
    if (checking) {
      setSettling(true);
      const results = await preflight.settle().finally(() => setSettling(false));
      if (results.some((r) => r?.blocking)) return;
    }
    try {
      const saved = await save.mutateAsync({ paper: body, files });
      notify(paper ? PAPER_MESSAGES.updated : PAPER_MESSAGES.submitted);
      void navigate(paper ? paths.home : paths.confirmationEmail(saved._id));
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fieldErrors());
      // a track that blocks refuses a PDF with findings (checks.blocked): its findings show under the message
      setRefused(refusedCheck(e));
      setProblem(errorMessage(e, paper ? PAPER_MESSAGES.updateFailed : PAPER_MESSAGES.submitProblem));
    }
  };

  return (
    <Stack spacing={3} component="form" noValidate onSubmit={(e) => e.preventDefault()}>
      <Box>
        <Typography variant="h4" component="h1">
          {paper ? `Edit paper ${paper._id}` : 'Submit a paper'}
        </Typography>
        <Typography color="text.secondary">{track.name}</Typography>
      </Box>
      {closed ? (
        <Alert severity="warning" data-testid="closed">
          {closed}
        </Alert>
      ) : null}
      {sp.welcomeMessage.trim() ? (
        <Alert severity="info" sx={{ whiteSpace: 'pre-line' }}>
          {sp.welcomeMessage}
        </Alert>
      ) : null}
      <TextField
        label="Title"
        required
        value={title}
        onChange={(e) => setTitle(e.target.value.slice(0, TITLE_MAX))}
        error={Boolean(errors.title)}
        helperText={errors.title ?? `${title.length} / ${TITLE_MAX}`}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        fullWidth
      />
      <TextField
        label="Abstract"
        required
        multiline
        minRows={6}
        value={abstract}
        onChange={(e) => setAbstract(e.target.value.slice(0, sp.abstractLength))}
        error={Boolean(errors['abstract.text'])}
        helperText={errors['abstract.text'] ?? `${abstract.length} / ${sp.abstractLength}`}
        slotProps={{ htmlInput: { maxLength: sp.abstractLength } }}
        fullWidth
      />
      {track.subjectAreas.length ? (
        <FormControl required error={Boolean(errors.primarySubjectArea)} fullWidth>
          <InputLabel id="subject-area-label">Subject area</InputLabel>
          <Select
            labelId="subject-area-label"
            label="Subject area"
            value={area}
            onChange={(e) => setArea(e.target.value as number | '')}
            SelectDisplayProps={{ 'aria-label': 'Subject area' } as object}
          >
            {track.subjectAreas.map((a) => (
              <MenuItem key={a._id} value={a._id}>
                {a.name}
              </MenuItem>
            ))}
          </Select>
          {errors.primarySubjectArea ? <FormHelperText>{errors.primarySubjectArea}</FormHelperText> : null}
        </FormControl>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AuthorsEditor
          authors={authors}
          primaryAuthor={primary}
          onChange={(a, p) => {
            setAuthors(a);
            setPrimary(p);
          }}
          error={errors.authors ?? Object.entries(errors).find(([k]) => k.startsWith('authors.'))?.[1]}
          primaryError={errors.primaryAuthor}
        />
      </Paper>
      {questions.length ? (
        <Box>
          <Typography variant="subtitle1" gutterBottom>
            Questions
          </Typography>
          <QuestionsForm
            questions={questions}
            answers={answers}
            onChange={setAnswers}
            errors={questionErrors}
            rules={SUBMISSION_ANSWER_RULES}
          />
        </Box>
      ) : null}
      <Box>
        <Typography variant="subtitle1">Files</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {sp.minFilesLimit === sp.maxFilesLimit
            ? `${sp.minFilesLimit} file${sp.minFilesLimit === 1 ? '' : 's'} required`
            : `Between ${sp.minFilesLimit} and ${sp.maxFilesLimit} files`}
        </Typography>
        <List dense data-testid="submission-files">
          {(paper?.abstract.files ?? []).map((f) => (
            <ListItem key={f._id} disableGutters>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={removed.includes(f._id)}
                    onChange={(e) =>
                      setRemoved(
                        e.target.checked ? [...removed, f._id] : removed.filter((id) => id !== f._id),
                      )
                    }
                  />
                }
                label={`Remove ${f.name} (${formatSize(f.size)})`}
              />
            </ListItem>
          ))}
          {files.map((f, i) => (
            <ListItem
              key={`${f.name}-${i}`}
              disableGutters
              secondaryAction={
                <Button
                  variant="text"
                  color="error"
                  onClick={() => setFiles(files.filter((_x, j) => j !== i))}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText primary={f.name} secondary={`${formatSize(f.size)} · new`} />
            </ListItem>
          ))}
        </List>
        <FileUpload
          label="Paper file (doc, docx or pdf)"
          name="paper-files"
          extensions={ALLOWED_UPLOAD_EXTENSIONS}
          multiple={sp.maxFilesLimit > 1}
          validate={validSubmissionFile}
          onFiles={(chosen) => setFiles(sp.maxFilesLimit > 1 ? [...files, ...chosen] : chosen.slice(0, 1))}
          error={errors.files}
        />
        <PreflightPanel preflights={preflight.items} />
      </Box>
      {problem ? (
        <Alert severity="error" data-testid="form-error">
          {problem}
        </Alert>
      ) : null}
      <RefusedCheck result={refused} />
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          onClick={() => void submit()}
          disabled={save.isPending || settling || closed !== null || blocking}
        >
          {paper ? 'Save changes' : 'Submit paper'}
        </Button>
        <Button variant="text" onClick={() => void navigate(paths.home)} disabled={save.isPending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

/** /ChooseTrack/{trackId}/SubmissionLight and …/SubmissionLight/{paperId}: a new paper, or an edit. */
export function SubmissionLight() {
  const params = useParams();
  useDocumentTitle(params.paperId === undefined ? 'Submit a paper' : `Edit paper ${params.paperId}`);
  const trackId = Number(params.trackId);
  const paperId = params.paperId === undefined ? null : Number(params.paperId);
  const { user, conference } = useSession();
  const track = useTrack(trackId);
  const paper = usePaper(paperId ?? 0);
  if (!user) return null;
  if (!Number.isInteger(trackId) || trackId <= 0)
    return <Alert severity="error">{PAPER_MESSAGES.trackNotFound}</Alert>;
  if (paperId !== null && !(Number.isInteger(paperId) && paperId > 0))
    return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={paperId === null ? [track] : [track, paper]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() =>
        paperId !== null && paper.data && paper.data.track !== trackId ? (
          <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>
        ) : (
          <SubmissionForm
            key={paperId ?? 'new'}
            track={track.data!}
            paper={paperId === null ? null : paper.data!}
            user={user}
            conference={conference}
          />
        )
      }
    </QueryState>
  );
}
