import { errorMessage, useNotify } from '@symposium/ui';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { SortList } from '../../components/sort-list';
import { paths } from '../../config/paths';
import { useSortStatuses } from './api/mutations';
import { useStatuses } from './api/queries';
import { STATUS_UI_MESSAGES } from './status-messages';

/** /SortPaperStatusSettings/: move statuses up or down, then save (position = index + 1). */
export function StatusSort() {
  const statuses = useStatuses();
  const sort = useSortStatuses();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Sort paper statuses" />
      <QueryView query={statuses}>
        {(data) => (
          <SortList
            key={data.map((s) => s._id).join(',')}
            items={data}
            label={(s) => s.text}
            busy={sort.isPending}
            onCancel={() => void navigate(paths.editPaperStatusSettings)}
            onSave={(ids) =>
              sort.mutate(ids, {
                onSuccess: () => notify(STATUS_UI_MESSAGES.sorted),
                onError: (err) => notify(errorMessage(err, STATUS_UI_MESSAGES.sortFailed), 'error'),
              })
            }
          />
        )}
      </QueryView>
    </>
  );
}
