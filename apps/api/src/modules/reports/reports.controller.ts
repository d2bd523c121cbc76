import { Body, Controller, Get, Post, StreamableFile } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { REPORT_CATEGORIES, type ReportDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { contentDisposition } from '../files/download.js';
import { XLSX_TYPE } from '../papers/paper-exports.service.js';
import { ReportCountDoc, ReportDoc } from './dto/reports.dto.js';
import { ReportsErrors } from './reports.errors.js';
import { ReportsService } from './reports.service.js';

const ReportId = () => IdParam('reportId', ReportsErrors.notFound);

/**
 * §7 Reports under /api/{chair|cochair}/reports: generate a User or Paper report (of the caller's tracks),
 * list the generated ones newest first, one with its summary, and its xlsx. Track chairs reach only the
 * reports they generated for their tracks.
 */
@ApiTags('reports')
@ApiExtraModels(ReportCountDoc)
@Controller(managedPaths('reports'))
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOkResponse({ type: [ReportDoc] })
  list(@Scope() caller: CallerScope): Promise<ReportDto[]> {
    return this.reports.list(caller.scope, caller.user);
  }

  /** {category: 'User' | 'Paper'} → 201 the stored report. */
  @Post('generate')
  @ApiBody({
    schema: { type: 'object', properties: { category: { type: 'string', enum: [...REPORT_CATEGORIES] } } },
  })
  @ApiCreatedResponse({ type: ReportDoc })
  generate(@Body() body: unknown, @Scope() caller: CallerScope): Promise<ReportDto> {
    return this.reports.generate(body, caller.scope, caller.user);
  }

  @Get(':reportId')
  @ApiParam({ name: 'reportId', type: Number })
  @ApiOkResponse({ type: ReportDoc })
  get(@ReportId() id: number, @Scope() caller: CallerScope): Promise<ReportDto> {
    return this.reports.get(id, caller.scope, caller.user);
  }

  /** The stored xlsx, as an attachment named report-<category>-<id>.xlsx. */
  @Get(':reportId/xlsx')
  @ApiParam({ name: 'reportId', type: Number })
  @ApiProduces(XLSX_TYPE)
  @ApiOkResponse({
    description: 'report-<category>-<id>.xlsx',
    content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
  })
  async xlsx(@ReportId() id: number, @Scope() caller: CallerScope): Promise<StreamableFile> {
    const file = await this.reports.xlsx(id, caller.scope, caller.user);
    return new StreamableFile(file.data, {
      type: XLSX_TYPE,
      disposition: contentDisposition(file.name),
      length: file.data.length,
    });
  }
}
