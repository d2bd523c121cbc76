import { Alert, Stack, Typography } from '@mui/material';
import {
  answerErrors,
  PAPER_MESSAGES,
  presentationFilesError,
  presentationQuestionsOf,
  PRESENTATION_READY_ANSWER_RULES,
  resolveQuestions,
  type ConferenceDto,
  type PaperDto,
  type TrackDto,
} from '@symposium/domain';
import { ApiError, errorMessage, useDocumentTitle, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSubmitPresentationReady } from './api/final-material';
import { Answers, Section } from './components/paper-details';
import { PartUpload } from './components/part-upload';
import { QuestionsForm } from './components/questions-form';
import { FinalStageRoute } from './components/final-stage-route';
import { Wizard } from './components/wizard';
import { answersFor, indexedErrors } from './utils/form-errors';

const STEPS = ['Welcome', 'Upload', 'Questions', 'Confirm'];

function PresentationReadyWizard({
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
  const submit = useSubmitPresentationReady(paper._id);
  const props = track.presentationReadySubmissionProperties;
  // exactly three questions (§3): the track's own when it defines three, else the defaults
  const questions = useMemo(
    () => resolveQuestions(presentationQuestionsOf(track), conference?.shortName ?? ''),
    [track, conference?.shortName],
  );
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState(() => answersFor(questions, paper.presentationReady.questions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const files = paper.presentationReady.files;

  const next = () => {
    const found: Record<string, string> = {};
    if (step === 1) {
      const m = presentationFilesError(files, paper.cameraReady.files.pdf?.name ?? null);
      if (m) found.files = m;
    } else if (step === 2) {
      for (const [i, m] of Object.entries(answerErrors(questions, answers, PRESENTATION_READY_ANSWER_RULES)))
        found[`questions.${i}.answer`] = m;
    }
    setErrors(found);
    const first = Object.values(found)[0] ?? null;
    setProblem(first);
    return first;
  };
  const finish = () => {
    setProblem(null);
    submit.mutate(
      answers.map((a) => a.trim()),
      {
        onSuccess: (r) => {
          notify(r.message);
          void navigate(paths.home);
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors());
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
          'These steps collect the material for the presentation of your paper: the slides, a PDF proof of them and, optionally, a slideshow or video.'}
      </Typography>
    </Stack>,
    <Stack spacing={3} key="upload">
      <PartUpload paperId={paper._id} part="ppt" file={files.ppt} sizeLimitMb={props.fileSizeLimit} />
      <PartUpload paperId={paper._id} part="ppt_pdf" file={files.ppt_pdf} sizeLimitMb={props.fileSizeLimit} />
      <PartUpload
        paperId={paper._id}
        part="video"
        file={files.video}
        sizeLimitMb={props.fileSizeLimit}
        optional
      />
    </Stack>,
    <QuestionsForm
      key="questions"
      questions={questions}
      answers={answers}
      onChange={setAnswers}
      errors={indexedErrors(errors, 'questions')}
      rules={PRESENTATION_READY_ANSWER_RULES}
    />,
    <Stack spacing={2} key="confirm" data-testid="presentation-ready-summary">
      <Section title="Files">
        <Typography>
          {[files.ppt, files.ppt_pdf, files.video]
            .filter((f) => f !== null)
            .map((f) => f.name)
            .join(', ')}
        </Typography>
      </Section>
      <Section title="Answers">
        <Answers answers={questions.map((q, i) => ({ title: q.title, answer: answers[i] ?? '' }))} />
      </Section>
    </Stack>,
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Presentation-ready submission
      </Typography>
      <Typography color="text.secondary">
        Paper {paper._id}: {paper.title} · {track.name}
      </Typography>
      {paper.submittedPresentationReady ? (
        <Alert severity="info">The presentation was submitted; you may submit it again.</Alert>
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
        finishLabel="Submit presentation"
        onFinish={finish}
        busy={submit.isPending}
      >
        {content[step]}
      </Wizard>
    </Stack>
  );
}

/** /PresentationReadySubmission/{trackId}/{paperId}: welcome, upload, questions (exactly three), confirm. */
export function PresentationReadySubmission() {
  useDocumentTitle('Presentation-ready submission');
  return (
    <FinalStageRoute
      action="canSubmitPresentationReady"
      activity="canSubmitPresentationReady"
      closedMessage={PAPER_MESSAGES.presentationReadyClosed}
    >
      {(paper, track, conference) => (
        <PresentationReadyWizard paper={paper} track={track} conference={conference} />
      )}
    </FinalStageRoute>
  );
}
