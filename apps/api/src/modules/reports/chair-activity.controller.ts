import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { ActivityEntryDto, DeliveryDay } from '@symposium/domain';
import type { Response } from 'express';
import { ActivityReportService } from './activity-report.service.js';
import { ActivityExportDto, ActivityPageDoc, ActivityQueryDto } from './dto/activity.dto.js';
import { contentRange } from '../../common/report-params.js';
import { DeliveryDayDoc } from '../mail/dto/mail-history.dto.js';
import { MailHistoryService } from '../mail/mail-history.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /api/chair/activity — /ViewActivityReports/ (chairs only): the activity log, its export and the e-mail
 * delivery summary (from the mail module's history of the outbox).
 */
@ApiTags('activity')
@Controller('chair/activity')
export class ChairActivityController {
  constructor(
    private readonly reports: ActivityReportService,
    private readonly history: MailHistoryService,
  ) {}

  /** { cp, pg, filter } → { count, data } newest first; the total also in Content-Range and X-Total-Count. */
  @Post()
  @HttpCode(200)
  @ApiBody({ type: ActivityQueryDto })
  @ApiOkResponse({ type: ActivityPageDoc, description: 'The total also in Content-Range and X-Total-Count' })
  async query(
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ count: number; data: ActivityEntryDto[] }> {
    const { count, data, first } = await this.reports.query(body);
    res.setHeader('Content-Range', contentRange('activity', first, data.length, count));
    res.setHeader('X-Total-Count', String(count));
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
    return { count, data };
  }

  @Post('export/xls')
  @HttpCode(200)
  @ApiBody({ type: ActivityExportDto })
  @ApiOkResponse({
    description: 'activity.xlsx',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
  })
  async exportXls(@Body() body: unknown): Promise<StreamableFile> {
    const file = await this.reports.exportXlsx(body);
    return new StreamableFile(file, {
      type: XLSX,
      disposition: 'attachment; filename="activity.xlsx"',
      length: file.length,
    });
  }

  /** Outbox messages per UTC day of their creation: queued (pending), sending, sent, failed. */
  @Get('delivery')
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD (default: 29 days before to)' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD (default: today, UTC)' })
  @ApiOkResponse({ type: [DeliveryDayDoc] })
  delivery(@Query('from') from: unknown, @Query('to') to: unknown): Promise<DeliveryDay[]> {
    return this.history.delivery(from, to);
  }
}
