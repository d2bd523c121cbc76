import { Module } from '@nestjs/common';
import { FileStore } from './file-store.js';
import { FilesService } from './files.service.js';
import { APP_CONFIG } from '../../config/config.js';
import { createFileStore } from './create-file-store.js';
import { OrphanFilesSweeper } from './orphan-files.sweeper.js';

/**
 * The file layer: FileStore (FILE_STORE: the local disk under `${dataDir}/files`, or an S3 bucket; see
 * createFileStore) and FilesService (multipart uploads checked by content, downloads as attachments with byte
 * ranges). Feature modules import it and record what FilesService returns.
 */
@Module({
  providers: [
    { provide: FileStore, useFactory: createFileStore, inject: [APP_CONFIG] },
    FilesService,
    OrphanFilesSweeper,
  ],
  exports: [FileStore, FilesService, OrphanFilesSweeper],
})
export class FilesModule {}
