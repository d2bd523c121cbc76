import { MAIL_PAGE_SIZE, type EmailDto, type MailFilter, type MailListRequest } from '@symposium/domain';
import { api, send } from '@symposium/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMailPrefix } from '../mail/use-mail';

/** Every key of the history starts with 'mail-history': a resend refreshes the list and the message. */
export const mailHistoryQueryKey = ['mail-history'] as const;

export interface MailPage {
  /** Every message of the filter (the Content-Range total). */
  count: number;
  data: EmailDto[];
}

/** The total of a Content-Range header ("emails 0-99/1234"), or undefined. */
export function contentRangeTotal(header: string | null): number | undefined {
  const match = /\/(\d+)\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Drops empty filter fields (the API ignores them too) and trims the text ones. */
export function activeMailFilter(filter: MailFilter): MailFilter {
  const out: MailFilter = {};
  if (filter.state) out.state = filter.state;
  if (filter.recipient?.trim()) out.recipient = filter.recipient.trim();
  if (filter.subject?.trim()) out.subject = filter.subject.trim();
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = filter.to;
  if (filter.sendId !== undefined) out.sendId = filter.sendId;
  return out;
}

/**
 * One page (100) of the history, newest first: POST /api/{role}/mail with { cp, pg, filter }; the total
 * comes in the Content-Range header (the body is the page: a list, or { count, data }).
 */
export async function fetchMailPage(prefix: string, filter: MailFilter, cp: number): Promise<MailPage> {
  const body: MailListRequest = { cp, pg: MAIL_PAGE_SIZE, filter: activeMailFilter(filter) };
  const res = await send('POST', `/api/${prefix}/mail`, body);
  const json = (await res.json()) as EmailDto[] | { count?: number; data: EmailDto[] };
  const data = Array.isArray(json) ? json : json.data;
  const total =
    contentRangeTotal(res.headers.get('Content-Range')) ??
    (Array.isArray(json) ? undefined : json.count) ??
    data.length;
  return { count: total, data };
}

/** One page of the history, keeping the previous page on screen while the next loads. */
export function useMailPage(filter: MailFilter, cp: number, enabled = true) {
  const prefix = useMailPrefix();
  return useQuery({
    queryKey: [...mailHistoryQueryKey, prefix, 'list', activeMailFilter(filter), cp],
    queryFn: () => fetchMailPage(prefix, filter, cp),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One message: GET /api/{role}/mail/{id}. */
export function useEmail(id: number) {
  const prefix = useMailPrefix();
  return useQuery({
    queryKey: [...mailHistoryQueryKey, prefix, id],
    queryFn: () => api<EmailDto>('GET', `/api/${prefix}/mail/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useMailMutation<V, R>(mutationFn: (prefix: string, v: V) => Promise<R>) {
  const prefix = useMailPrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => mutationFn(prefix, v),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: mailHistoryQueryKey });
    },
  });
}

/** A failed message queued again: POST /api/{role}/mail/{id}/resend. */
export const useResendEmail = () =>
  useMailMutation((prefix, id: number) =>
    api<EmailDto | { message?: string; count?: number } | undefined>(
      'POST',
      `/api/${prefix}/mail/${id}/resend`,
    ),
  );

/** Every failed message of the filter queued again: POST /api/{role}/mail/resend with { filter } → { count }. */
export const useResendAllFailed = () =>
  useMailMutation((prefix, filter: MailFilter) =>
    api<{ count: number }>('POST', `/api/${prefix}/mail/resend`, { filter: activeMailFilter(filter) }),
  );
