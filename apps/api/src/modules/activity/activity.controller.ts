import { Body, Controller, HttpCode, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ActivityEntryDto } from '@symposium/domain';
import type { Response } from 'express';
import { ActivityReportService } from './activity-report.service.js';
import { ActivityExportDto, ActivityPageDoc, ActivityQueryDto } from './dto/activity.dto.js';
import { contentRange } from './report-params.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /ViewActivityReports/ (chairs only): the activity log and its export. The delivery summary (GET
 * /api/chair/activity/delivery) is served by the mail module, which owns the outbox.
 */
@ApiTags('activity')
@Controller('chair/activity')
export class ActivityController {
  constructor(private readonly reports: ActivityReportService) {}

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
}
