import {
  SEND_MESSAGES,
  templateProblems,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type PreviewResponse,
  type RecipientSelection,
  type SendRequest,
  type SendResponse,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { initialSelection } from '../../components/mail-selection';
import { usePlaceholderInsert } from '../../components/placeholder-list';
import { PREVIEW_PAGE_SIZE, type UntickedMessage } from './preview-panel';
import { usePreview, useSend } from './api/mutations';

const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The extra copies of a send (the settings' default copies are always added by the server). */
export interface Copies {
  cc: string[];
  bcc: string[];
}

/** The message being written: template, subject, text, copies and reply-to, from the address first. */
function useMessage(settings: EmailSettingsDto, templates: EmailTemplateDto[]) {
  const [query] = useSearchParams();
  const queryTemplate = templates.find((t) => String(t._id) === query.get('emailId')) ?? null;
  const [emailId, setEmailId] = useState<number | null>(queryTemplate?._id ?? null);
  const [subject, setSubject] = useState(queryTemplate?.subject ?? '');
  const [text, setText] = useState(queryTemplate?.text ?? '');
  const [copies, setCopies] = useState<Copies>({ cc: [], bcc: [] });
  const [replyTo, setReplyTo] = useState(settings.replyTo);
  const placeholders = usePlaceholderInsert(subject, setSubject, text, setText);
  const pickTemplate = (id: string) => {
    const t = templates.find((x) => String(x._id) === id);
    setEmailId(t?._id ?? null);
    if (t) {
      setSubject(t.subject);
      setText(t.text);
    }
  };
  const problems = templateProblems(subject, text);
  const missing = !subject.trim()
    ? SEND_MESSAGES.subjectRequired
    : !text.trim()
      ? SEND_MESSAGES.textRequired
      : '';
  return {
    emailId,
    subject,
    setSubject,
    text,
    setText,
    copies,
    setCopies,
    replyTo,
    setReplyTo,
    pickTemplate,
    problems,
    missing,
    placeholders,
  };
}

export type ComposeMessage = ReturnType<typeof useMessage>;

/**
 * One compose screen's state: the selection, the message, the preview shown for exactly this request
 * (fresh) with its unticked messages, and the send with its idempotency key.
 */
export function useCompose(settings: EmailSettingsDto, templates: EmailTemplateDto[]) {
  const route = useParams<{ filter: string; param: string }>();
  const [query] = useSearchParams();
  const notify = useNotify();
  const preview = usePreview();
  const send = useSend();

  const init = useMemo(() => initialSelection(route, query), [route, query]);
  const [selection, setSelection] = useState<RecipientSelection>(init.selection);
  const message = useMessage(settings, templates);
  const [unticked, setUnticked] = useState<UntickedMessage[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [shown, setShown] = useState<{ request: string; response: PreviewResponse } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<SendResponse | null>(null);
  const [error, setError] = useState('');

  const request = (exclude: UntickedMessage[]): SendRequest => ({
    recipients: selection,
    ...(message.emailId === null ? {} : { emailId: message.emailId }),
    subject: message.subject,
    text: message.text,
    cc: message.copies.cc,
    bc: message.copies.bcc,
    replyTo: message.replyTo.trim(),
    exclude: exclude.map((u) => u.key),
  });
  const fresh = shown !== null && shown.request === JSON.stringify(request(unticked));

  const runPreview = (cp: number, exclude = unticked) => {
    setError('');
    const body = request(exclude);
    preview.mutate(
      { ...body, cp, pg: PREVIEW_PAGE_SIZE },
      {
        onSuccess: (response) => {
          const last = Math.max(1, Math.ceil(response.count / PREVIEW_PAGE_SIZE));
          // Unticking the last message of the last page leaves that page empty: show the page before.
          if (response.page.length === 0 && cp > last) runPreview(last, exclude);
          else setShown({ request: JSON.stringify(body), response });
        },
        onError: (err) => {
          setShown(null);
          setError(errorMessage(err, SEND_MESSAGES.error));
        },
      },
    );
  };
  const toggle = (m: UntickedMessage, include: boolean) => {
    const next = include ? unticked.filter((u) => u.key !== m.key) : [...unticked, m];
    setUnticked(next);
    runPreview(shown?.response.cp ?? 1, next);
  };
  const doSend = () => {
    setError('');
    send.mutate(
      { ...request(unticked), idempotencyKey },
      {
        onSuccess: (res) => {
          setSent(res);
          setShown(null);
          setUnticked([]);
          // The compose is done: a next send from this screen is a new one.
          setIdempotencyKey(newKey());
          notify(SEND_MESSAGES.queued(res.count));
        },
        onError: (err) => {
          const msg = errorMessage(err, SEND_MESSAGES.error);
          setError(msg);
          notify(msg, 'error');
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  const response = shown?.response;
  return {
    init,
    selection,
    setSelection,
    message,
    unticked,
    shown,
    fresh,
    response,
    sent,
    error,
    confirming,
    setConfirming,
    runPreview,
    toggle,
    doSend,
    pages: response ? Math.max(1, Math.ceil(response.count / PREVIEW_PAGE_SIZE)) : 1,
    canSend: fresh && response !== undefined && response.errors.length === 0 && response.count > 0,
    busy: preview.isPending || send.isPending,
    previewing: preview.isPending,
    sending: send.isPending,
  };
}

export type ComposeState = ReturnType<typeof useCompose>;
