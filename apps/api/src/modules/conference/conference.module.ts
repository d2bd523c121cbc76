import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthorConferenceController, ChairConferenceController } from './conference.controller.js';
import { UtilsController } from './utils.controller.js';
import { ConferenceRepository } from './conference.repository.js';
import { ConferenceService } from './conference.service.js';
import { ConferenceImagesInterceptor } from './image-upload.interceptor.js';

/** Conference information, publisher settings, banner and logo, and GET /api/utils. */
@Module({
  imports: [UsersModule],
  controllers: [UtilsController, AuthorConferenceController, ChairConferenceController],
  providers: [ConferenceRepository, ConferenceService, ConferenceImagesInterceptor],
  exports: [ConferenceService],
})
export class ConferenceModule {}
