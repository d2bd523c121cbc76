import { Button, ListItemText, Menu, MenuItem, Paper, TableCell, TableRow, Typography } from '@mui/material';
import {
  BULK_EDIT_PARAMS,
  CHAIR_PAPER_MESSAGES,
  encodeBulkFilter,
  PAPER_PAGE_SIZE,
  type BulkEditParam,
  type ChairPaperDto,
  type PaperFilter,
  type PaperFilterName,
  type PaperSortField,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataColumn } from '../../components/data-table';
import { QueryTable } from '../../components/query-table';
import { CheckboxCell, CheckboxHeaderCell } from '../../components/select-all-checkbox';
import { usePageSelection } from '../../components/use-page-selection';
import { DiscussionCell, PAPER_TABLE, PaperCells } from './paper-cells';
import { PageTitle } from '../../components/page-title';
import { SearchBox } from '../../components/search-box';
import { paths } from '../../config/paths';
import { encodeSendFilter } from '../../components/mail-selection';
import { PaperEmailDialog } from './paper-email-dialog';
import { PaperFilterBar } from '../../components/paper-filter-bar';
import { BULK_PARAM_LABELS, yesNo } from './paper-labels';
import { useIsChair } from '../../hooks/use-role-prefix';
import { usePaperDownloads, type ExportSelection } from './api/downloads';
import { usePaperPage } from './api/queries';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { useUpdatePaper } from './api/mutations';

/** The five paper lists of §2: the fixed filter each one adds to the chair's own filters. */
export type PaperListKind = 'all' | 'registered' | 'cameraReady' | 'presentationReady' | 'deleted';

const KINDS: Record<PaperListKind, { title: string; fixed: PaperFilter[]; hide: PaperFilterName[] }> = {
  all: { title: 'Papers', fixed: [], hide: [] },
  registered: {
    title: 'Registered papers',
    fixed: [{ name: 'isRegistered', value: true }],
    hide: [],
  },
  cameraReady: {
    title: 'Camera-ready papers',
    fixed: [{ name: 'submittedCameraReady', value: true }],
    hide: ['submittedCameraReady'],
  },
  presentationReady: {
    title: 'Presentation-ready papers',
    fixed: [{ name: 'submittedPresentationReady', value: true }],
    hide: ['submittedPresentationReady'],
  },
  deleted: { title: 'Deleted papers', fixed: [{ name: 'isDeleted', value: true }], hide: [] },
};

const COLUMNS: DataColumn<PaperSortField>[] = [
  { field: '_id', label: 'ID' },
  { field: 'title', label: 'Title' },
  { field: 'primaryAuthor', label: 'Primary author' },
  { field: 'track', label: 'Track' },
  { field: 'status', label: 'Status' },
  { label: 'Discussion' },
  { label: 'Camera-ready' },
  { label: 'Presentation-ready' },
  { field: 'updatedAt', label: 'Last modified' },
  { label: 'Actions' },
];

/**
 * /ViewPapers, /ViewRegisteredPapers, /ViewCameraReadyPapers, /ViewPresentationReadyPapers and /ViewDeletedPapers:
 * the server-side paper query (filters, search, sorting by column, pages of 100), row selection, the exports
 * and the bulk edit menu. Track chairs get the same list, limited by the server to their tracks.
 */
export function PaperList({ kind }: { kind: PaperListKind }) {
  const config = KINDS[kind];
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const [userFilters, setUserFilters] = useState<PaperFilter[]>([]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field: PaperSortField; order: 'asc' | 'desc' } | undefined>();
  const [page, setPage] = useState(0);

  const filters = useMemo(() => [...config.fixed, ...userFilters], [config.fixed, userFilters]);
  const papers = usePaperPage({ filters, search, sort, cp: page + 1, pg: PAPER_PAGE_SIZE });
  const ticked = usePageSelection(papers.data?.data ?? [], (p) => p.title);
  const selected = ticked.selected;
  const selectedIds = [...selected.keys()];

  const resetPaging = () => {
    setPage(0);
    ticked.clear();
  };

  return (
    <>
      <PageTitle
        title={config.title}
        actions={<PaperListActions filters={filters} search={search} selected={selected} />}
      />
      <PaperFilterBar
        tracks={tracks.data ?? []}
        statuses={statuses.data ?? []}
        hide={config.hide}
        onApply={(f) => {
          setUserFilters(f);
          resetPaging();
        }}
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <SearchBox
          label="Search by title, author or paper id"
          search={search}
          onSearch={(s) => {
            setSearch(s);
            resetPaging();
          }}
        />
      </Paper>
      <QueryTable
        label={config.title}
        columns={COLUMNS}
        query={papers}
        errorText={CHAIR_PAPER_MESSAGES.obtainError}
        {...PAPER_TABLE}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        paging={{ page, pageSize: PAPER_PAGE_SIZE, onPageChange: setPage }}
        toolbar={
          selectedIds.length ? (
            <>
              <Typography data-testid="selected-count" color="primary">
                {selectedIds.length} selected
              </Typography>
              <Button size="small" variant="text" onClick={ticked.clear}>
                Clear selection
              </Button>
            </>
          ) : null
        }
        leadingHeader={<CheckboxHeaderCell label="Select all papers on this page" {...ticked.pageHeader} />}
        renderRow={(p) => (
          <PaperRow
            key={p._id}
            paper={p}
            deletedList={kind === 'deleted'}
            selected={ticked.has(p._id)}
            onToggle={() => ticked.toggle(p)}
          />
        )}
      />
    </>
  );
}

/**
 * The list's actions: export the listed (or ticked) papers, download the ticked papers' files, e-mail their
 * authors, issue letters for the ticked papers, and the bulk edit menu.
 */
function PaperListActions({
  filters,
  search,
  selected,
}: {
  filters: PaperFilter[];
  search: string;
  selected: Map<number, string>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const downloads = usePaperDownloads();
  const [busy, setBusy] = useState(false);
  const [bulkAnchor, setBulkAnchor] = useState<HTMLElement | null>(null);
  const selectedIds = [...selected.keys()];

  const run = async (what: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      notify(errorMessage(err, failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  const selection: ExportSelection = { filters, search, ids: selectedIds };
  const bulkEdit = (param: BulkEditParam) => {
    setBulkAnchor(null);
    const ids = selectedIds.length
      ? [...selected.entries()].map(([id, title]) => ({ id, title }))
      : undefined;
    void navigate(paths.bulkEdit(encodeBulkFilter({ filters, search }), param), {
      state: ids ? { selected: ids } : undefined,
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => void run(() => downloads.exportXls(selection), 'The papers could not be exported')}
      >
        Export xlsx
      </Button>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => void run(() => downloads.exportHtml(selection), 'The papers could not be exported')}
      >
        Export html
      </Button>
      <Button
        variant="outlined"
        disabled={busy || selectedIds.length === 0}
        onClick={() =>
          void run(() => downloads.downloadFiles(selectedIds), 'The files could not be downloaded')
        }
      >
        Download files
      </Button>
      <Button
        variant="outlined"
        title={
          selectedIds.length
            ? 'E-mail the authors of the selected papers'
            : 'E-mail the authors of the listed papers'
        }
        onClick={() =>
          void navigate(
            paths.sendEmailSelection(
              encodeSendFilter(selectedIds.length ? { ids: selectedIds } : { filters, search }),
              'authors',
            ),
          )
        }
      >
        E-mail authors
      </Button>
      <Button
        variant="outlined"
        title="Issue a letter, invoice or receipt for each selected paper"
        disabled={selectedIds.length === 0}
        onClick={() => void navigate(paths.issueDocuments(selectedIds))}
      >
        Issue letters
      </Button>
      <Button aria-haspopup="menu" onClick={(e) => setBulkAnchor(e.currentTarget)}>
        Bulk edit
      </Button>
      <Menu anchorEl={bulkAnchor} open={Boolean(bulkAnchor)} onClose={() => setBulkAnchor(null)}>
        {BULK_EDIT_PARAMS.map((param) => (
          <MenuItem key={param} onClick={() => bulkEdit(param)}>
            <ListItemText>{BULK_PARAM_LABELS[param]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function PaperRow({
  paper,
  deletedList,
  selected,
  onToggle,
}: {
  paper: ChairPaperDto;
  deletedList: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdatePaper();
  const downloads = usePaperDownloads();
  const isChair = useIsChair();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'restore' | null>(null);
  const [emailing, setEmailing] = useState(false);
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const setDeleted = (isDeleted: boolean) =>
    update.mutate(
      { id: paper._id, body: { isDeleted } },
      {
        onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
        onError: () => notify(CHAIR_PAPER_MESSAGES.updateError, 'error'),
        onSettled: () => setConfirm(null),
      },
    );
  const fileAction = (what: () => Promise<void>) => {
    close();
    what().catch((err: unknown) => notify(errorMessage(err, 'The download failed'), 'error'));
  };

  return (
    <TableRow hover selected={selected} data-testid={`paper-${paper._id}`}>
      <CheckboxCell label={`Select paper ${paper._id}`} checked={selected} onChange={onToggle} />
      <PaperCells paper={paper} />
      <TableCell>{paper.statusText ?? '—'}</TableCell>
      <DiscussionCell paper={paper} />
      <TableCell>
        {yesNo(paper.submittedCameraReady)}
        {paper.isCameraReady ? ' (approved)' : ''}
      </TableCell>
      <TableCell>
        {yesNo(paper.submittedPresentationReady)}
        {paper.isPresentationReady ? ' (approved)' : ''}
      </TableCell>
      <TableCell>
        <ConferenceTime value={paper.updatedAt} />
      </TableCell>
      <TableCell>
        {deletedList ? (
          <Button
            size="small"
            sx={{ mr: 1 }}
            aria-label={`Restore paper ${paper._id}`}
            onClick={() => setConfirm('restore')}
          >
            Restore
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          aria-haspopup="menu"
          aria-label={`Actions for paper ${paper._id}`}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          Actions
        </Button>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          <MenuItem onClick={() => go(paths.editPaperStatus(paper._id))}>Edit status</MenuItem>
          <MenuItem onClick={() => go(paths.changeTrack(paper._id))}>Change track</MenuItem>
          <MenuItem onClick={() => go(paths.editCameraReadyStatus(paper._id))}>Camera-ready status</MenuItem>
          <MenuItem onClick={() => go(paths.editPresentationReadyStatus(paper._id))}>
            Presentation-ready status
          </MenuItem>
          <MenuItem onClick={() => go(paths.editPaperCameraReady(paper._id))}>Camera-ready files</MenuItem>
          <MenuItem onClick={() => go(paths.editPaperPresentationReady(paper._id))}>
            Presentation-ready files
          </MenuItem>
          <MenuItem onClick={() => go(paths.managePaperFiles(paper._id))}>Manage files</MenuItem>
          <MenuItem onClick={() => go(paths.paperChecks(paper._id))}>Submission checks</MenuItem>
          {isChair ? (
            <MenuItem onClick={() => go(paths.editPaperRegistration(paper._id))}>Registration</MenuItem>
          ) : null}
          <MenuItem onClick={() => go(paths.editPaperDownloadLetter(paper._id))}>Letters</MenuItem>
          <MenuItem onClick={() => go(paths.generateLetter(paper._id))}>Generate letter</MenuItem>
          <MenuItem onClick={() => go(paths.generateInvoiceOrReceipt(paper._id))}>
            Invoice or receipt
          </MenuItem>
          <MenuItem onClick={() => fileAction(() => downloads.exportPaperHtml(paper._id))}>
            Export html
          </MenuItem>
          <MenuItem onClick={() => fileAction(() => downloads.downloadPaperFiles(paper._id))}>
            Download files
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setEmailing(true);
            }}
          >
            E-mail authors
          </MenuItem>
          {deletedList ? null : (
            <MenuItem
              sx={{ color: 'error.main' }}
              onClick={() => {
                close();
                setConfirm('delete');
              }}
            >
              Delete
            </MenuItem>
          )}
        </Menu>
        <PaperEmailDialog paper={paper} open={emailing} onClose={() => setEmailing(false)} />
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'restore' ? `Restore paper ${paper._id}?` : `Delete paper ${paper._id}?`}
          confirmLabel={confirm === 'restore' ? 'Restore' : 'Delete'}
          busy={update.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => setDeleted(confirm === 'delete')}
        >
          <Typography>
            {paper.title}
            {confirm === 'delete' ? ' will move to the deleted papers, where it can be restored.' : ''}
          </Typography>
        </ConfirmDialog>
      </TableCell>
    </TableRow>
  );
}
