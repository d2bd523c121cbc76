import {
  MAIL_PAGE_SIZE,
  type ActivityEntryDto,
  type ActivityFilter,
  type DeliveryDay,
} from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The one key of the activity screens. */
export const activityKeys = {
  all: ['activity'] as const,
  page: (filter: ActivityFilter, cp: number) =>
    ['activity', 'list', activeActivityFilter(filter), cp] as const,
  delivery: (query: string) => ['activity', 'delivery', query] as const,
};

export interface ActivityPage {
  count: number;
  data: ActivityEntryDto[];
}

/** Drops empty filter fields (the API ignores them too) and trims the text ones. */
export function activeActivityFilter(filter: ActivityFilter): ActivityFilter {
  const out: ActivityFilter = {};
  if (filter.action) out.action = filter.action;
  if (filter.actor?.trim()) out.actor = filter.actor.trim();
  if (filter.paperId !== undefined && Number.isInteger(filter.paperId)) out.paperId = filter.paperId;
  if (filter.trackId !== undefined && Number.isInteger(filter.trackId)) out.trackId = filter.trackId;
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = filter.to;
  return out;
}

/** One page (100) of the activity log, newest first: POST /api/chair/activity with { cp, pg, filter }. */
export const fetchActivityPage = (filter: ActivityFilter, cp: number) =>
  api<ActivityPage>('POST', '/api/chair/activity', {
    cp,
    pg: MAIL_PAGE_SIZE,
    filter: activeActivityFilter(filter),
  });

/** One page of the activity log, keeping the previous page on screen while the next loads. */
export const activityPageQueryOptions = (filter: ActivityFilter, cp: number) =>
  queryOptions({
    queryKey: activityKeys.page(filter, cp),
    queryFn: () => fetchActivityPage(filter, cp),
    placeholderData: keepPreviousData,
  });

export const useActivityPage = (filter: ActivityFilter, cp: number) =>
  useQuery(activityPageQueryOptions(filter, cp));

/** Downloads the entries of the filter as activity.xlsx. */
export const exportActivity = (filter: ActivityFilter) =>
  download(
    'POST',
    '/api/chair/activity/export/xls',
    { filter: activeActivityFilter(filter) },
    'activity.xlsx',
  );

/** Messages queued, sending, sent and failed per day (UTC): GET /api/chair/activity/delivery?from&to. */
export function deliveryQueryOptions(range: { from?: string; to?: string }) {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return queryOptions({
    queryKey: activityKeys.delivery(query),
    queryFn: () => api<DeliveryDay[]>('GET', `/api/chair/activity/delivery${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export const useDelivery = (range: { from?: string; to?: string }) => useQuery(deliveryQueryOptions(range));
