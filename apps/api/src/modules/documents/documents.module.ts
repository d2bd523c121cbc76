import { Module } from '@nestjs/common';
import { BrowserPool } from './browser-pool.js';
import { DocumentRenderer } from './document-renderer.js';
import { SignatureService } from './signature.service.js';

/**
 * Documents rendered by the shared headless Chromium: signature images now; letters, certificates,
 * invitations and invoices render through DocumentRenderer.renderPdf. The browser starts on first use and
 * closes on application shutdown.
 */
@Module({
  providers: [BrowserPool, DocumentRenderer, SignatureService],
  exports: [BrowserPool, DocumentRenderer, SignatureService],
})
export class DocumentsModule {}
