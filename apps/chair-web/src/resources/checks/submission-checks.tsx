import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { SelectField, trackOptions } from '../../components/select-field';
import { TrackChecksForm } from '../../components/track-checks-form';
import { useRoleTracks } from '../tracks/api/queries';
import { CheckReport } from './check-report';
import { DuplicatePairs } from './duplicate-pairs';

const TABS = [
  { value: 'report', label: 'Report' },
  { value: 'duplicates', label: 'Duplicates' },
  { value: 'rules', label: 'Track rules' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The rules of one of the caller's tracks (track chairs have no track screen: they set their tracks' here). */
function TrackRules() {
  const tracks = useRoleTracks();
  const [picked, setPicked] = useState('');
  const trackId = Number(picked || tracks.data?.[0]?._id || 0);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        Track rules
      </Typography>
      <SelectField
        label="Track"
        name="rules-track"
        value={trackId ? String(trackId) : ''}
        sx={{ maxWidth: 480 }}
        options={trackOptions(tracks.data ?? [])}
        none={tracks.data?.length ? undefined : 'No track'}
        onChange={(e) => setPicked(e.target.value)}
      />
      {trackId ? <TrackChecksForm key={trackId} trackId={trackId} /> : null}
    </Stack>
  );
}

/**
 * /SubmissionChecks (chairs and track chairs, issue 26): the report of the checks (counts per track, the
 * papers' open findings and duplicate pairs, the xlsx), the near-duplicate pairs, and the rules of a track.
 * The tab is in the address (?tab=duplicates), so a link or a reload keeps it.
 */
export function SubmissionChecks() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get('tab'))
    ? (params.get('tab') as TabValue)
    : 'report';
  return (
    <>
      <PageTitle
        title="Submission checks"
        subtitle="Format rules, anonymity and possible duplicates of the submitted PDFs."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: TabValue) => setParams(v === 'report' ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label="Submission checks"
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`checks-tab-${t.value}`}
            // only the tab on show has its panel in the page (an idref to nothing fails axe)
            aria-controls={t.value === tab ? `checks-panel-${t.value}` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`checks-panel-${tab}`} aria-labelledby={`checks-tab-${tab}`}>
        {tab === 'report' ? <CheckReport /> : tab === 'duplicates' ? <DuplicatePairs /> : <TrackRules />}
      </Box>
    </>
  );
}
