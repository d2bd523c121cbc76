import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { EmailTemplateDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { managedPaths } from '../../common/managed-scope.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import {
  EmailTemplateDoc,
  EmailTemplateDto as EmailTemplateBody,
  SortEmailTemplatesDto,
} from './dto/email-templates.dto.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { MailErrors } from './mail.errors.js';

const TemplateId = () => IdParam('id', MailErrors.templateNotFound);

/** /EmailTemplate: chairs and track chairs read the templates. */
@ApiTags('mail')
@Controller(managedPaths('emailTemplate'))
export class MailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Get()
  @ApiOkResponse({ type: [EmailTemplateDoc] })
  list(): Promise<EmailTemplateDto[]> {
    return this.templates.list();
  }

  @Get(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: EmailTemplateDoc })
  get(@TemplateId() id: number): Promise<EmailTemplateDto> {
    return this.templates.get(id);
  }
}

/** /EmailTemplate: only chairs write them. */
@ApiTags('mail')
@Controller('chair/emailTemplate')
export class ChairMailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Post()
  @ApiCreatedResponse({ type: EmailTemplateDoc })
  create(@Body() body: EmailTemplateBody): Promise<EmailTemplateDto> {
    return this.templates.create(body);
  }

  @Put('sort')
  @ApiOkResponse({ type: [EmailTemplateDoc] })
  sort(@Body() body: SortEmailTemplatesDto): Promise<EmailTemplateDto[]> {
    return this.templates.sort(body.ids);
  }

  @Put(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: EmailTemplateDoc })
  update(@TemplateId() id: number, @Body() body: EmailTemplateBody): Promise<EmailTemplateDto> {
    return this.templates.update(id, body);
  }

  @Delete(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  remove(@TemplateId() id: number): Promise<{ message: string }> {
    return this.templates.remove(id);
  }
}
