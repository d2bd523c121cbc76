import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { DocumentTemplateDto, LetterSettingsDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { DocumentTemplateDoc, LetterSettingsDoc } from './dto/letters.dto.js';
import { LetterSettingsService } from './letter-settings.service.js';
import { type UploadedFile as File } from './letters.service.js';
import { SignatureUploadInterceptor } from './letter-http.js';
/** Letter settings, the signature image and the document templates: chairs only. */
@ApiTags('letters')
@Controller('chair/letters')
export class ChairLetterSettingsController {
  constructor(private readonly settings: LetterSettingsService) {}

  @Get('settings')
  @ApiOkResponse({ type: LetterSettingsDoc })
  get(): Promise<LetterSettingsDto> {
    return this.settings.get();
  }

  @Put('settings')
  @ApiOkResponse({ type: LetterSettingsDoc })
  update(@Body() body: Record<string, unknown>): Promise<LetterSettingsDto> {
    return this.settings.update(body);
  }

  @Get('settings/signature')
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async signature(@Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const image = await this.settings.signature();
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(image.data, { type: image.type, length: image.data.length });
  }

  @Put('settings/signature')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(SignatureUploadInterceptor)
  @ApiOkResponse({ type: LetterSettingsDoc })
  setSignature(@UploadedFile() file: File | undefined): Promise<LetterSettingsDto> {
    return this.settings.setSignature(file);
  }

  @Delete('settings/signature')
  @ApiOkResponse({ type: LetterSettingsDoc })
  deleteSignature(): Promise<LetterSettingsDto> {
    return this.settings.deleteSignature();
  }

  @Get('templates')
  @ApiOkResponse({ type: [DocumentTemplateDoc] })
  templates(): Promise<DocumentTemplateDto[]> {
    return this.settings.templates();
  }

  @Put('templates/:kind')
  @ApiParam({ name: 'kind', type: String })
  @ApiOkResponse({ type: DocumentTemplateDoc })
  saveTemplate(
    @Param('kind') kind: string,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
  ): Promise<DocumentTemplateDto> {
    return this.settings.saveTemplate(kind, body, user);
  }

  @Delete('templates/:kind')
  @ApiParam({ name: 'kind', type: String })
  @ApiOkResponse({ type: DocumentTemplateDoc })
  resetTemplate(@Param('kind') kind: string): Promise<DocumentTemplateDto> {
    return this.settings.resetTemplate(kind);
  }

  @Post('templates/:kind/preview')
  @HttpCode(200)
  @ApiParam({ name: 'kind', type: String })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async preview(
    @Param('kind') kind: string,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const pdf = await this.settings.preview(kind, body);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `inline; filename="${kind.replace(/[^A-Za-z]/g, '')}-preview.pdf"`,
    });
  }
}
