import { Module } from '@nestjs/common';
import { FileStore } from './file-store.js';
import { FilesService } from './files.service.js';
import { LocalDiskFileStore } from './local-disk-file-store.js';
import { OrphanFilesSweeper } from './orphan-files.sweeper.js';

/**
 * The file layer: FileStore (local disk under `${dataDir}/files`) and FilesService (multipart uploads checked
 * by content, downloads as attachments). Feature modules import it and record what FilesService returns.
 */
@Module({
  providers: [
    LocalDiskFileStore,
    { provide: FileStore, useExisting: LocalDiskFileStore },
    FilesService,
    OrphanFilesSweeper,
  ],
  exports: [FileStore, FilesService, OrphanFilesSweeper],
})
export class FilesModule {}
