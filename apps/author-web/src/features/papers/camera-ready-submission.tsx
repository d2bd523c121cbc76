import { Alert, Stack, TextField, Typography } from '@mui/material';
import {
  abstractError,
  answerErrors,
  CAMERA_READY_ANSWER_RULES,
  missingCameraReadyFiles,
  PAPER_MESSAGES,
  resolveQuestions,
  titleError,
  TITLE_MAX,
  uploadFilesMessage,
  type ConferenceDto,
  type PaperAuthorDto,
  type PaperDto,
  type TrackDto,
} from '@symposium/domain';
import { ApiError, errorMessage, refusedCheck, useDocumentTitle, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePaperChecks } from './api/checks';
import { useSubmitCameraReady } from './api/final-material';
import { AuthorsEditor } from './components/authors-editor';
import { Answers, AuthorList, Section } from './components/paper-details';
import { PartUpload } from './components/part-upload';
import { RefusedCheck } from './components/pdf-checks';
import { QuestionsForm } from './components/questions-form';
import { FinalStageRoute } from './components/final-stage-route';
import { Wizard } from './components/wizard';
import { answersFor, indexedErrors } from './utils/form-errors';

const STEPS = ['Welcome', 'Title and abstract', 'Authors', 'Upload', 'Questions', 'Confirm'];

function CameraReadyWizard({
  paper,
  track,
  conference,
}: {
  paper: PaperDto;
  track: TrackDto;
  conference: ConferenceDto | null;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const submit = useSubmitCameraReady(paper._id);
  const props = track.cameraReadySubmissionProperties;
  const questions = useMemo(
    () => resolveQuestions(props.questions, conference?.shortName ?? ''),
    [props.questions, conference?.shortName],
  );
  const consentFileUpload = conference?.consentFileUpload ?? false;
  const abstractMax = track.submissionProperties.abstractLength;
  const [step, setStep] = useState(0);
  const [title, setTitle] = useState(paper.title);
  const [abstract, setAbstract] = useState(paper.abstract.text);
  const [authors, setAuthors] = useState<PaperAuthorDto[]>(paper.authors);
  const [primary, setPrimary] = useState<number | null>(paper.primaryAuthor);
  const [answers, setAnswers] = useState(() => answersFor(questions, paper.cameraReady.questions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReturnType<typeof refusedCheck>>(null);
  const authorIds = useMemo(() => authors.map((a) => a._id), [authors]);
  // a refused confirmation names the findings only: the page outlines come from the stored checks of the PDF
  const stored = usePaperChecks(refused && !refused.outlines.length ? paper._id : 0);
  const outlines = (stored.data ?? []).filter((c) => c.stage === 'cameraReady').flatMap((c) => c.outlines);

  const check = (s: number): Record<string, string> => {
    const found: Record<string, string> = {};
    if (s === 1) {
      const t = titleError(title);
      if (t) found.title = t;
      const a = abstractError(abstract, abstractMax);
      if (a) found['abstract.text'] = a;
    } else if (s === 2) {
      if (!authors.length) found.authors = PAPER_MESSAGES.noAuthor;
      else if (primary === null || !authors.some((a) => a._id === primary))
        found.primaryAuthor = PAPER_MESSAGES.noPrimaryAuthor;
    } else if (s === 3) {
      const missing = missingCameraReadyFiles(paper.cameraReady.files, consentFileUpload);
      if (missing.length) found.files = uploadFilesMessage(missing);
    } else if (s === 4) {
      for (const [i, m] of Object.entries(answerErrors(questions, answers, CAMERA_READY_ANSWER_RULES)))
        found[`questions.${i}.answer`] = m;
    }
    return found;
  };
  const next = () => {
    const found = check(step);
    setErrors(found);
    const first = Object.values(found)[0] ?? null;
    setProblem(first);
    return first;
  };
  const finish = () => {
    setProblem(null);
    setRefused(null);
    submit.mutate(
      {
        title: title.trim(),
        abstract: { text: abstract.trim() },
        authors: authors.map((a) => a._id),
        primaryAuthor: primary,
        questions: answers.map((answer) => ({ answer: answer.trim() })),
      },
      {
        onSuccess: (r) => {
          notify(r.message);
          void navigate(paths.home);
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors());
          // a track that blocks refuses a camera-ready PDF with findings (checks.cameraReadyBlocked)
          setRefused(refusedCheck(e));
          setProblem(errorMessage(e, PAPER_MESSAGES.submissionFailed));
        },
      },
    );
  };

  const content = [
    <Stack spacing={2} key="welcome">
      <Typography variant="h6" component="h2">
        Welcome
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>
        {props.welcomeMessage.trim() ||
          'Congratulations on the acceptance of your paper. These steps collect the final version of your paper.'}
      </Typography>
    </Stack>,
    <Stack spacing={2} key="title">
      <TextField
        label="Title"
        required
        value={title}
        onChange={(e) => setTitle(e.target.value.slice(0, TITLE_MAX))}
        error={Boolean(errors.title)}
        helperText={errors.title ?? `${title.length} / ${TITLE_MAX}`}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
      />
      <TextField
        label="Abstract"
        required
        multiline
        minRows={6}
        value={abstract}
        onChange={(e) => setAbstract(e.target.value.slice(0, abstractMax))}
        error={Boolean(errors['abstract.text'])}
        helperText={errors['abstract.text'] ?? `${abstract.length} / ${abstractMax}`}
        slotProps={{ htmlInput: { maxLength: abstractMax } }}
      />
    </Stack>,
    <AuthorsEditor
      key="authors"
      authors={authors}
      primaryAuthor={primary}
      onChange={(a, p) => {
        setAuthors(a);
        setPrimary(p);
      }}
      error={errors.authors}
      primaryError={errors.primaryAuthor}
    />,
    <Stack spacing={3} key="upload">
      <PartUpload
        paperId={paper._id}
        part="word"
        file={paper.cameraReady.files.word}
        sizeLimitMb={props.fileSizeLimit}
        allowedFiles={props.allowedFiles}
      />
      <PartUpload
        paperId={paper._id}
        part="pdf"
        file={paper.cameraReady.files.pdf}
        sizeLimitMb={props.fileSizeLimit}
        allowedFiles={props.allowedFiles}
        check={{ trackId: track._id, authors: authorIds }}
      />
      {consentFileUpload ? (
        <PartUpload
          paperId={paper._id}
          part="springerCopyright"
          file={paper.cameraReady.files.springerCopyright}
          sizeLimitMb={props.fileSizeLimit}
          allowedFiles={props.allowedFiles}
        />
      ) : null}
    </Stack>,
    questions.length ? (
      <QuestionsForm
        key="questions"
        questions={questions}
        answers={answers}
        onChange={setAnswers}
        errors={indexedErrors(errors, 'questions')}
        rules={CAMERA_READY_ANSWER_RULES}
      />
    ) : (
      <Typography key="questions">This track asks no camera-ready questions.</Typography>
    ),
    <Stack spacing={2} key="confirm" data-testid="camera-ready-summary">
      <Section title="Title">
        <Typography>{title}</Typography>
      </Section>
      <Section title="Abstract">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{abstract}</Typography>
      </Section>
      <Section title="Authors">
        <AuthorList authors={authors} primary={primary} />
      </Section>
      <Section title="Files">
        <Typography>
          {[
            paper.cameraReady.files.word,
            paper.cameraReady.files.pdf,
            paper.cameraReady.files.springerCopyright,
          ]
            .filter((f) => f !== null)
            .map((f) => f.name)
            .join(', ')}
        </Typography>
      </Section>
      <Section title="Answers">
        <Answers answers={questions.map((q, i) => ({ title: q.title, answer: answers[i] ?? '' }))} />
      </Section>
      <RefusedCheck result={refused && !refused.outlines.length ? { ...refused, outlines } : refused} />
    </Stack>,
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Camera-ready submission
      </Typography>
      <Typography color="text.secondary">
        Paper {paper._id}: {paper.title} · {track.name}
      </Typography>
      {paper.submittedCameraReady ? (
        <Alert severity="info">The camera-ready version was submitted; you may submit it again.</Alert>
      ) : null}
      <Wizard
        steps={STEPS}
        step={step}
        onStep={(s) => {
          setProblem(null);
          setStep(s);
        }}
        onNext={next}
        problem={problem}
        finishLabel="Submit camera-ready"
        onFinish={finish}
        busy={submit.isPending}
      >
        {content[step]}
      </Wizard>
    </Stack>
  );
}

/** /CameraReadySubmission/{trackId}/{paperId}: welcome, title/abstract, authors, upload, questions, confirm. */
export function CameraReadySubmission() {
  useDocumentTitle('Camera-ready submission');
  return (
    <FinalStageRoute
      action="canSubmitCameraReady"
      activity="canSubmitCameraReady"
      closedMessage={PAPER_MESSAGES.cameraReadyClosed}
    >
      {(paper, track, conference) => (
        <CameraReadyWizard paper={paper} track={track} conference={conference} />
      )}
    </FinalStageRoute>
  );
}
