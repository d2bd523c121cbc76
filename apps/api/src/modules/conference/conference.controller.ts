import {
  Body,
  Controller,
  Get,
  Header,
  Put,
  Res,
  StreamableFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type ConferenceDto, type ConferenceNameDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, Public, type AuthUser } from '../../common/auth-user.js';
import { ConferenceService } from './conference.service.js';
import type { ImageKind } from './conference.repository.js';
import {
  ConferenceDoc,
  ConferenceNameDoc,
  ConferenceNotifyDoc,
  ConferenceNotifyDto,
  parseConferenceBody,
  PublisherSettingsDto,
  UpdateConferenceDto,
} from './dto/conference.dto.js';
import { ConferenceImagesInterceptor, type ConferenceFiles } from './image-upload.interceptor.js';

import { ConferenceId } from './conference-params.js';

@ApiTags('conference')
@Controller('author/conference')
export class AuthorConferenceController {
  constructor(private readonly conference: ConferenceService) {}

  /** Start-up call: the conference. */
  @Get()
  @ApiOkResponse({ type: ConferenceDoc })
  current(): Promise<ConferenceDto> {
    return this.conference.get();
  }

  /** Public: the conference's names, for the tab titles of the signed-out pages (sign-in, /verify). */
  @Public()
  @Get('name')
  @ApiOkResponse({ type: ConferenceNameDoc })
  async name(): Promise<ConferenceNameDto> {
    const { shortName, fullName, timeZone } = await this.conference.get();
    return { shortName, fullName, timeZone };
  }

  @Get(':conferenceId')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiOkResponse({ type: ConferenceDoc })
  get(@ConferenceId() id: number): Promise<ConferenceDto> {
    return this.conference.get(id);
  }

  /** The author's "notify me" option, stored on the current user. */
  @Put(':conferenceId')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiOkResponse({ type: ConferenceNotifyDoc })
  notify(
    @ConferenceId() id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: ConferenceNotifyDto,
  ): Promise<{ notify: boolean }> {
    return this.conference.setNotify(id, user.id, body.notify);
  }

  /** Public, so the sign-in pages can show it. */
  @Public()
  @Get(':conferenceId/banner')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  banner(@ConferenceId() id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.image(id, 'banner', res);
  }

  @Public()
  @Get(':conferenceId/logo')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  logo(@ConferenceId() id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.image(id, 'logo', res);
  }

  private async image(id: number, kind: ImageKind, res: Response): Promise<StreamableFile> {
    const image = await this.conference.image(id, kind);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Last-Modified', image.updatedAt.toUTCString());
    return new StreamableFile(image.data, { type: image.contentType, length: image.data.length });
  }
}

@ApiTags('conference')
@Controller('chair/conference')
export class ChairConferenceController {
  constructor(private readonly conference: ConferenceService) {}

  @Get(':conferenceId')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiOkResponse({ type: ConferenceDoc })
  get(@ConferenceId() id: number): Promise<ConferenceDto> {
    return this.conference.get(id);
  }

  /**
   * The ConferenceInformation save: multipart/form-data (text fields, booleans as 'true'/'false',
   * authorView as a JSON string or 'authorView.viewConferenceTrackStatus', files banner and logo) or JSON.
   */
  @Put(':conferenceId')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: UpdateConferenceDto })
  @UseInterceptors(ConferenceImagesInterceptor)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ConferenceDoc })
  async update(
    @ConferenceId() id: number,
    @Body() raw: Record<string, unknown>,
    @UploadedFiles() files: ConferenceFiles,
  ): Promise<ConferenceDto> {
    const body = await parseConferenceBody(raw);
    const { _id, agreementVersion, ...input } = body;
    void _id;
    void agreementVersion;
    return this.conference.update(id, input, { banner: files?.banner?.[0], logo: files?.logo?.[0] });
  }

  /** The PublisherSettings save (JSON). */
  @Put(':conferenceId/publisher')
  @ApiParam({ name: 'conferenceId', type: Number })
  @ApiOkResponse({ type: ConferenceDoc })
  publisher(@ConferenceId() id: number, @Body() body: PublisherSettingsDto): Promise<ConferenceDto> {
    return this.conference.updatePublisher(id, body);
  }
}
