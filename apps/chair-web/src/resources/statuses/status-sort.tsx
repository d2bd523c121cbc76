import { errorMessage } from '@symposium/ui';
import { SortScreen } from '../../components/sort-list';
import { paths } from '../../config/paths';
import { useSortStatuses } from './api/mutations';
import { useStatuses } from './api/queries';
import { STATUS_UI_MESSAGES } from './status-messages';

/** /SortPaperStatusSettings/: move statuses up or down, then save (position = index + 1). */
export function StatusSort() {
  return (
    <SortScreen
      title="Sort paper statuses"
      query={useStatuses()}
      label={(s) => s.text}
      mutation={useSortStatuses()}
      backTo={paths.editPaperStatusSettings}
      sorted={STATUS_UI_MESSAGES.sorted}
      failed={(err) => errorMessage(err, STATUS_UI_MESSAGES.sortFailed)}
    />
  );
}
