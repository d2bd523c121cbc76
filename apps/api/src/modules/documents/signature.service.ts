import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { badRequest } from '../../common/errors.js';
import { DocumentRenderer, type RequestRecord } from './document-renderer.js';
import { escapeHtml } from './html.js';
import { loadSignatureFonts, type SignatureFont } from './signature-fonts.js';
import { checkSignature } from './signature.rules.js';

export interface SignatureOptions {
  /** Folder of the *.woff2 fonts; default <repo>/fonts. */
  fontsDir?: string;
  /** Picks a font index in [0, count); default crypto.randomInt (uniform). */
  pickFont?: (count: number) => number;
  /** Image size in pixels; default 600×150. */
  width?: number;
  height?: number;
  /** JPEG quality, default 90. */
  quality?: number;
}

export const SIGNATURE_OPTIONS = Symbol('SIGNATURE_OPTIONS');

export interface RenderedSignature {
  /** The image, image/jpeg. */
  jpeg: Buffer;
  /** The font it was drawn in: a file name of fonts/ without .woff2, e.g. 'great-vibes'. */
  font: string;
  /** The signature as drawn: trimmed, NFC, spaces collapsed (store this one). */
  text: string;
}

export interface SignatureRenderOptions {
  /** Draw in this font instead of a random one (a name from fonts()). */
  font?: string;
  /** Audit of the requests the document attempted (see DocumentRenderer). */
  requestLog?: RequestRecord[];
}

/** Largest font size; longer names are shrunk to fit the image. */
const BASE_FONT_PX = 72;
const INK = '#10214a';

/** Draws a typed signature as a JPEG in one of the script fonts of fonts/, chosen at random. */
@Injectable()
export class SignatureService {
  private fontsPromise?: Promise<SignatureFont[]>;
  private readonly pickFont: (count: number) => number;
  private readonly width: number;
  private readonly height: number;
  private readonly quality: number;

  constructor(
    private readonly renderer: DocumentRenderer,
    @Optional() @Inject(SIGNATURE_OPTIONS) private readonly options: SignatureOptions | null = null,
  ) {
    this.pickFont = options?.pickFont ?? ((count) => randomInt(count));
    this.width = options?.width ?? 600;
    this.height = options?.height ?? 150;
    this.quality = options?.quality ?? 90;
  }

  /** The names of the available fonts, sorted. */
  async fonts(): Promise<string[]> {
    return (await this.loadFonts()).map((f) => f.name);
  }

  /**
   * Validates the typed signature (DomainError 400 'documents.signature_invalid' with 'Please provide a
   * signature first.' when empty, 'documents.signature_too_long' over 100 characters) and draws it.
   */
  async render(name: unknown, options: SignatureRenderOptions = {}): Promise<RenderedSignature> {
    const check = checkSignature(name);
    if (!check.ok) throw badRequest(check.code, check.message);
    const fonts = await this.loadFonts();
    let font: SignatureFont | undefined;
    if (options.font !== undefined) {
      font = fonts.find((f) => f.name === options.font);
      if (!font) throw new RangeError(`Unknown signature font "${options.font}"`);
    } else {
      const index = this.pickFont(fonts.length);
      font = fonts[index];
      if (!font) throw new RangeError(`Font index ${index} is outside 0..${fonts.length - 1}`);
    }
    const jpeg = await this.renderer.renderJpeg(this.html(check.text, font), {
      width: this.width,
      height: this.height,
      quality: this.quality,
      inline: ['font'],
      requestLog: options.requestLog,
      beforeCapture: (page) => this.fit(page),
    });
    return { jpeg, font: font.name, text: check.text };
  }

  private loadFonts(): Promise<SignatureFont[]> {
    this.fontsPromise ??= loadSignatureFonts(this.options?.fontsDir).catch((error: unknown) => {
      this.fontsPromise = undefined;
      throw error;
    });
    return this.fontsPromise;
  }

  private html(text: string, font: SignatureFont): string {
    return `<!doctype html>
<html><head><meta charset="utf-8"><style>
@font-face { font-family: "Signature"; src: url(${font.dataUrl}) format("woff2"); font-display: block; }
html, body { margin: 0; width: 100%; height: 100%; background: #ffffff; }
body { display: flex; align-items: center; justify-content: center; overflow: hidden; }
#signature { font-family: "Signature", cursive; font-size: ${BASE_FONT_PX}px; line-height: 1.4;
  color: ${INK}; white-space: pre; padding: 0 0.2em; }
</style></head>
<body><span id="signature">${escapeHtml(text)}</span></body></html>`;
  }

  /**
   * Shrinks the font until the name fits the image. The page's own scripts stay disabled: this measures
   * through DevTools, with values computed here, after the font has loaded.
   */
  private async fit(page: Page): Promise<void> {
    await page.evaluate('document.fonts.ready.then(() => true)');
    let size = BASE_FONT_PX;
    for (let attempt = 0; attempt < 3; attempt++) {
      const box = await (await page.$('#signature'))?.boundingBox();
      if (!box || box.width === 0 || box.height === 0) return;
      const scale = Math.min(this.width / box.width, this.height / box.height);
      if (scale >= 1) return;
      size = Math.max(8, Math.floor(size * scale * 0.98 * 10) / 10);
      await page.evaluate(`document.getElementById('signature').style.fontSize = '${size}px'`);
    }
  }
}
