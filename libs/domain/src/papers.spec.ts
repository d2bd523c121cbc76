import { isValidRegistrationId } from './papers.js';
import type { SurveyQuestion } from './models.js';
import {
  abstractError,
  abstractTooLongMessage,
  answerErrors,
  CAMERA_READY_ANSWER_RULES,
  commentTooLongMessage,
  DEFAULT_PRESENTATION_QUESTIONS,
  fileSizeLimitBytes,
  fileTooLargeMessage,
  isDiscouragedTitle,
  isNameAllowedForPart,
  isRegisteredPaper,
  maxFilesMessage,
  missingCameraReadyFiles,
  PAPER_FILE_LABELS,
  PAPER_MESSAGES,
  paperActions,
  presentationFilesError,
  presentationQuestionsOf,
  resolveQuestions,
  SUBMISSION_ANSWER_RULES,
  titleError,
  validateSubmission,
  type SubmissionTrack,
} from './papers.js';

const q = (over: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  title: 'Question',
  isRequired: false,
  isComment: false,
  isTextArea: false,
  choices: [],
  ...over,
});

const ABSTRACT = 'A'.repeat(50);

describe('paper title rules (§5)', () => {
  it('requires a title', () => {
    expect(titleError('')).toBe('Please write a title');
    expect(titleError('   ')).toBe('Please write a title');
    expect(titleError(undefined)).toBe('Please write a title');
  });
  it('accepts 150 characters and refuses 151', () => {
    expect(titleError('T'.repeat(150))).toBeNull();
    expect(titleError('T'.repeat(151))).toBe(PAPER_MESSAGES.titleTooLong);
  });
  it.each([
    'Research on solar panels',
    'Research of solar panels',
    'Study on bridges',
    'Study of bridges',
    'A research on birds',
    'A research of birds',
    'A study on rivers',
    'A study of rivers',
    'Proposal on water',
    'Proposal of water',
    'A proposal on water',
    'A proposal of water',
    'Conceptual proposal for cities',
    'A conceptual proposal for cities',
    'RESEARCH  ON upper case',
    'Deep learning: a literature review',
    'Literature Review of graphs',
  ])('discourages the title "%s" with the §5 message', (title) => {
    expect(isDiscouragedTitle(title)).toBe(true);
    expect(titleError(title)).toBe(
      'Please update submission title: It\'s not recommended to use "Research on", "Proposal on", "Study on", or "Literature Review" for paper titles!',
    );
  });
  it.each([
    'Research methods in agriculture',
    'Researching ontologies',
    'Studying the ocean',
    'A proposal engine for schedules',
    'Conceptual proposals are good',
    'On the study of bridges',
    'Literature and review culture',
  ])('accepts the title "%s"', (title) => {
    expect(titleError(title)).toBeNull();
  });
});

describe('abstract rules (§5)', () => {
  it('refuses 49 characters and accepts 50', () => {
    expect(abstractError('A'.repeat(49))).toBe('Please write more than 49 characters on the abstract');
    expect(abstractError('A'.repeat(50))).toBeNull();
  });
  it('does not count surrounding spaces', () => {
    expect(abstractError(` ${'A'.repeat(49)}  `)).toBe(PAPER_MESSAGES.abstractTooShort);
  });
  it("caps the abstract at the track's abstractLength (default 5000)", () => {
    expect(abstractError('A'.repeat(5000))).toBeNull();
    expect(abstractError('A'.repeat(5001))).toBe(abstractTooLongMessage(5000));
    expect(abstractError('A'.repeat(101), 100)).toBe('Please write at most 100 characters on the abstract');
  });
});

describe('question answers (§5)', () => {
  it('requires the required questions with the submission message', () => {
    expect(answerErrors([q({ isRequired: true }), q()], ['', ''], SUBMISSION_ANSWER_RULES)).toEqual({
      0: 'Please answer all the questions highlighted in red',
    });
  });
  it('requires every question at camera-ready with its own message', () => {
    expect(answerErrors([q(), q()], ['yes', ' '], CAMERA_READY_ANSWER_RULES)).toEqual({
      1: 'Please answer the questions highlighted in red',
    });
  });
  it('refuses an answer that is not among the choices', () => {
    const questions = [q({ choices: ['Yes', 'No'] })];
    expect(answerErrors(questions, ['Maybe'], SUBMISSION_ANSWER_RULES)).toEqual({
      0: PAPER_MESSAGES.questions,
    });
    expect(answerErrors(questions, ['No'], SUBMISSION_ANSWER_RULES)).toEqual({});
  });
  it('limits a text-area comment to 2000 characters', () => {
    const questions = [q({ isComment: true, isTextArea: true })];
    expect(answerErrors(questions, ['x'.repeat(2000)], SUBMISSION_ANSWER_RULES)).toEqual({});
    expect(answerErrors(questions, ['x'.repeat(2001)], SUBMISSION_ANSWER_RULES)).toEqual({
      0: commentTooLongMessage(2000),
    });
  });
  it('limits a short comment to 150 characters at submission', () => {
    const questions = [q({ isComment: true })];
    expect(answerErrors(questions, ['x'.repeat(150)], SUBMISSION_ANSWER_RULES)).toEqual({});
    expect(answerErrors(questions, ['x'.repeat(151)], SUBMISSION_ANSWER_RULES)).toEqual({
      0: commentTooLongMessage(150),
    });
  });
  it('limits a short comment to 14 characters at camera-ready', () => {
    const questions = [q({ isComment: true })];
    expect(answerErrors(questions, ['x'.repeat(14)], CAMERA_READY_ANSWER_RULES)).toEqual({});
    expect(answerErrors(questions, ['x'.repeat(15)], CAMERA_READY_ANSWER_RULES)).toEqual({
      0: 'Please write at most 14 characters in the answers highlighted in red',
    });
  });
  it('replaces the conference-name placeholder in question titles', () => {
    expect(
      resolveQuestions([q({ title: 'Will you attend {conference}? {conference}!' })], 'ICX 2026')[0]!.title,
    ).toBe('Will you attend ICX 2026? ICX 2026!');
  });
});

describe('paper submission (§5)', () => {
  const track = (
    over: Partial<SubmissionTrack['submissionProperties']> = {},
    areas = [{ _id: 7, name: 'AI' }],
  ) => ({
    subjectAreas: areas,
    submissionProperties: {
      welcomeMessage: '',
      abstractLength: 5000,
      minFilesLimit: 1,
      maxFilesLimit: 2,
      questions: [],
      ...over,
    },
  });
  const valid = () => ({
    title: 'Graph colouring in practice',
    abstract: { text: ABSTRACT, questions: [] },
    authors: [1, 2],
    primaryAuthor: 2,
    primarySubjectArea: 7,
  });

  it('accepts a complete submission', () => {
    expect(validateSubmission(valid(), track(), 1)).toEqual([]);
  });
  it('requires a subject area only when the track has some', () => {
    expect(validateSubmission({ ...valid(), primarySubjectArea: null }, track(), 1)).toEqual([
      { field: 'primarySubjectArea', message: 'Please select a subject area' },
    ]);
    expect(validateSubmission({ ...valid(), primarySubjectArea: 99 }, track(), 1)[0]!.message).toBe(
      PAPER_MESSAGES.subjectArea,
    );
    expect(validateSubmission({ ...valid(), primarySubjectArea: null }, track({}, []), 1)).toEqual([]);
  });
  it('requires an author and a primary author among them', () => {
    expect(validateSubmission({ ...valid(), authors: [], primaryAuthor: null }, track(), 1)).toEqual([
      { field: 'authors', message: 'Please add an author' },
    ]);
    expect(validateSubmission({ ...valid(), primaryAuthor: null }, track(), 1)).toEqual([
      { field: 'primaryAuthor', message: 'Please select a primary author' },
    ]);
    expect(validateSubmission({ ...valid(), primaryAuthor: 3 }, track(), 1)[0]!.message).toBe(
      PAPER_MESSAGES.primaryAuthorNotAuthor,
    );
    expect(
      validateSubmission({ ...valid(), authors: [1, 1], primaryAuthor: 1 }, track(), 1)[0]!.message,
    ).toBe(PAPER_MESSAGES.duplicateAuthor);
  });
  it('counts the files between minFilesLimit and maxFilesLimit', () => {
    expect(validateSubmission(valid(), track(), 0)).toEqual([
      { field: 'files', message: 'Please submit the minimum of files required' },
    ]);
    expect(validateSubmission(valid(), track(), 2)).toEqual([]);
    expect(validateSubmission(valid(), track(), 3)).toEqual([
      { field: 'files', message: maxFilesMessage(2) },
    ]);
    expect(validateSubmission(valid(), track({ minFilesLimit: 0, maxFilesLimit: 0 }), 0)).toEqual([]);
  });
  it('checks the answers of the track questions, and refuses answers to questions it does not have', () => {
    const t = track({ questions: [q({ isRequired: true, choices: ['Yes', 'No'] })] });
    expect(validateSubmission(valid(), t, 1)).toEqual([
      { field: 'abstract.questions.0.answer', message: PAPER_MESSAGES.questions },
    ]);
    expect(
      validateSubmission({ ...valid(), abstract: { text: ABSTRACT, questions: [{ answer: 'Yes' }] } }, t, 1),
    ).toEqual([]);
    expect(
      validateSubmission(
        { ...valid(), abstract: { text: ABSTRACT, questions: [{ answer: 'Yes' }, { answer: 'extra' }] } },
        t,
        1,
      )[0]!.message,
    ).toBe(PAPER_MESSAGES.questions);
  });
  it('lists every problem in the order of the form', () => {
    expect(
      validateSubmission(
        { title: '', abstract: { text: 'short' }, authors: [], primarySubjectArea: null },
        track(),
        0,
      ).map((e) => e.field),
    ).toEqual(['title', 'abstract.text', 'primarySubjectArea', 'authors', 'files']);
  });
});

describe('file names and contents per part (§5)', () => {
  it('accepts only doc, docx and pdf names for submission files', () => {
    expect(isNameAllowedForPart('paper.pdf', 'abstract')).toBe(true);
    expect(isNameAllowedForPart('paper.DOCX', 'abstract')).toBe(true);
    expect(isNameAllowedForPart('paper.exe', 'abstract')).toBe(false);
    expect(isNameAllowedForPart('paper', 'abstract')).toBe(false);
  });
  it('wants .doc or .DOC in the name of the word file', () => {
    expect(isNameAllowedForPart('final.docx', 'word')).toBe(true);
    expect(isNameAllowedForPart('final.DOC', 'word')).toBe(true);
    expect(isNameAllowedForPart('final.Doc', 'word')).toBe(false);
    expect(isNameAllowedForPart('final.pdf', 'word')).toBe(false);
  });
  it("applies the track's allowedFiles to camera-ready files", () => {
    expect(isNameAllowedForPart('final.doc', 'word', ['docx', 'pdf'])).toBe(false);
    expect(isNameAllowedForPart('final.docx', 'word', ['docx', 'pdf'])).toBe(true);
  });
  it('accepts slides named .ppt, .pptx or .ppsx and slideshows in ppsx, mp4, avi, mov or mpeg', () => {
    expect(['a.ppt', 'a.pptx', 'a.ppsx'].every((n) => isNameAllowedForPart(n, 'ppt'))).toBe(true);
    expect(isNameAllowedForPart('a.pdf', 'ppt')).toBe(false);
    expect(
      ['a.ppsx', 'a.mp4', 'a.avi', 'a.mov', 'a.mpeg'].every((n) => isNameAllowedForPart(n, 'video')),
    ).toBe(true);
    expect(isNameAllowedForPart('a.mkv', 'video')).toBe(false);
  });
  it('computes the size limit in decimal megabytes with its message', () => {
    expect(fileSizeLimitBytes(40)).toBe(40_000_000);
    expect(fileTooLargeMessage(40)).toBe('Files with size above 40 MB');
  });
});

describe('camera-ready files (§5)', () => {
  const word = { name: 'final.docx', size: 10 };
  const pdf = { name: 'final.pdf', size: 10 };
  it('asks for the word file and the pdf', () => {
    expect(missingCameraReadyFiles({}, false)).toEqual([PAPER_FILE_LABELS.word, PAPER_FILE_LABELS.pdf]);
    expect(missingCameraReadyFiles({ word, pdf }, false)).toEqual([]);
  });
  it('asks for a non-empty copyright pdf named differently from the paper pdf when consentFileUpload is set', () => {
    expect(missingCameraReadyFiles({ word, pdf }, true)).toEqual([PAPER_FILE_LABELS.springerCopyright]);
    expect(
      missingCameraReadyFiles({ word, pdf, springerCopyright: { name: 'c.pdf', size: 0 } }, true),
    ).toEqual([PAPER_FILE_LABELS.springerCopyright]);
    expect(
      missingCameraReadyFiles({ word, pdf, springerCopyright: { name: 'final.pdf', size: 9 } }, true),
    ).toEqual([PAPER_FILE_LABELS.springerCopyright]);
    expect(
      missingCameraReadyFiles({ word, pdf, springerCopyright: { name: 'copyright.pdf', size: 9 } }, true),
    ).toEqual([]);
  });
});

describe('presentation-ready files (§5)', () => {
  const ppt = { name: 'talk.pptx', size: 1 };
  const proof = { name: 'talk.pdf', size: 1 };
  it('asks for the slides and the PDF proof', () => {
    expect(presentationFilesError({}, null)).toBe(
      `Please upload the following files: ${PAPER_FILE_LABELS.ppt}, ${PAPER_FILE_LABELS.ppt_pdf}!`,
    );
    expect(presentationFilesError({ ppt, ppt_pdf: proof }, 'final.pdf')).toBeNull();
  });
  it('refuses a PDF proof named like the camera-ready pdf', () => {
    expect(presentationFilesError({ ppt, ppt_pdf: { name: 'final.pdf', size: 1 } }, 'final.pdf')).toBe(
      'File name already used: Change the PDF proof file name for the presentation slides',
    );
  });
  it('uses the track questions when there are exactly three, else the defaults', () => {
    const three = [q({ title: '1' }), q({ title: '2' }), q({ title: '3' })];
    expect(
      presentationQuestionsOf({
        presentationReadySubmissionProperties: { welcomeMessage: '', fileSizeLimit: 40, questions: three },
      }),
    ).toBe(three);
    expect(
      presentationQuestionsOf({
        presentationReadySubmissionProperties: { welcomeMessage: '', fileSizeLimit: 40, questions: [] },
      }),
    ).toBe(DEFAULT_PRESENTATION_QUESTIONS);
    expect(DEFAULT_PRESENTATION_QUESTIONS).toHaveLength(3);
  });
});

describe('paper actions', () => {
  const open = { status: true, deadline: null };
  const state = {
    isDeleted: false,
    isAccepted: true,
    activities: { canEditPaper: open, canSubmitCameraReady: open, canSubmitPresentationReady: open },
    digitalConsentSigning: true,
  };
  const now = new Date('2026-01-01T00:00:00Z');
  it('allows everything on an accepted paper while every activity is open', () => {
    expect(paperActions(state, now)).toEqual({
      canEdit: true,
      canDelete: true,
      canSubmitCameraReady: true,
      canSubmitPresentationReady: true,
      canSignConsent: true,
      canViewReviews: false,
    });
    expect(paperActions({ ...state, authorViewReviewEnabled: true }, now).canViewReviews).toBe(true);
    expect(
      paperActions({ ...state, authorViewReviewEnabled: true, isDeleted: true }, now).canViewReviews,
    ).toBe(false);
  });
  it('closes camera-ready, presentation-ready and consent until the paper is accepted', () => {
    expect(paperActions({ ...state, isAccepted: false }, now)).toMatchObject({
      canEdit: true,
      canSubmitCameraReady: false,
      canSubmitPresentationReady: false,
      canSignConsent: false,
    });
  });
  it('closes an activity at its UTC deadline', () => {
    const closed = { status: true, deadline: '2026-01-01T00:00:00.000Z' };
    expect(
      paperActions({ ...state, activities: { ...state.activities, canEditPaper: closed } }, now).canEdit,
    ).toBe(false);
  });
  it('allows nothing on a deleted paper', () => {
    const actions = paperActions({ ...state, isDeleted: true, authorViewReviewEnabled: true }, now);
    expect(Object.values(actions).every((allowed) => allowed === false)).toBe(true);
  });
});

describe('registered papers', () => {
  it('is registered when its registration has an id', () => {
    expect(isRegisteredPaper(null)).toBe(false);
    expect(isRegisteredPaper({ id: '' })).toBe(false);
    expect(isRegisteredPaper({ id: '1234-A' })).toBe(true);
  });
});

describe('registration ids (§5)', () => {
  it.each([
    '1234',
    '123456',
    '1234-5',
    '1234-AB',
    'TR12',
    'TR123',
    'TR12-1',
    'TR123-AB',
    'CK07',
    'Waived',
    'Volunteer',
  ])('accepts %s', (id) => expect(isValidRegistrationId(id)).toBe(true));
  it.each([
    '12',
    '123',
    '1234-ABC',
    '1234_5',
    'TR1',
    'TR1234',
    'CK1',
    'CK123',
    'waived!',
    'REG-77',
    '12 34',
    'Volunteers',
  ])('refuses %s', (id) => expect(isValidRegistrationId(id)).toBe(false));
  it('lets the main registration be empty, but not another registration', () => {
    expect(isValidRegistrationId('  ')).toBe(true);
    expect(isValidRegistrationId('', true)).toBe(false);
  });
});
