import { MAIL_PAGE_SIZE, type EmailDto, type MailFilter, type MailListRequest } from '@symposium/domain';
import { api, send } from '@symposium/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** Every key of the history starts with 'mail-history': a resend refreshes the list and the message. */
export const mailHistoryKeys = {
  all: ['mail-history'] as const,
  page: (prefix: RolePrefix, filter: MailFilter, cp: number) =>
    ['mail-history', prefix, 'list', activeMailFilter(filter), cp] as const,
  detail: (prefix: RolePrefix, id: number) => ['mail-history', prefix, id] as const,
};

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
export const mailPageQueryOptions = (prefix: RolePrefix, filter: MailFilter, cp: number, enabled = true) =>
  queryOptions({
    queryKey: mailHistoryKeys.page(prefix, filter, cp),
    queryFn: () => fetchMailPage(prefix, filter, cp),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One message: GET /api/{role}/mail/{id}. */
export const emailQueryOptions = (prefix: RolePrefix, id: number) =>
  queryOptions({
    queryKey: mailHistoryKeys.detail(prefix, id),
    queryFn: () => api<EmailDto>('GET', `/api/${prefix}/mail/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useMailPage = (filter: MailFilter, cp: number, enabled = true) =>
  useQuery(mailPageQueryOptions(useRolePrefix(), filter, cp, enabled));

export const useEmail = (id: number) => useQuery(emailQueryOptions(useRolePrefix(), id));
