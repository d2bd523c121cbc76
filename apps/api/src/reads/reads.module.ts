import { Module } from '@nestjs/common';
import { PaperSearchRead } from './paper-search.read.js';
import { ReminderCandidatesRead } from './reminder-candidates.read.js';
import { ReportFiguresRead } from './report-figures.read.js';
import { SessionPapersRead } from './session-papers.read.js';
import { TemplateUsageRead } from './template-usage.read.js';
import { DiscussionRead } from './discussion.read.js';

/**
 * The declared read side: queries that read several modules' tables for one view (report figures, reminder
 * candidates, template usage, the session-paper lookup, the chairs' paper search). Each read is a class of
 * its own, built with Drizzle's typed columns (a renamed column fails tsc), and never writes. It imports
 * only database/, common/ and the modules' `*.table.ts` files, so any module may import it without a cycle.
 */
const READS = [
  ReportFiguresRead,
  ReminderCandidatesRead,
  TemplateUsageRead,
  SessionPapersRead,
  PaperSearchRead,
  DiscussionRead,
];

@Module({ providers: READS, exports: READS })
export class ReadsModule {}
