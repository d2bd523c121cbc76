import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * <repo>/fonts, from apps/api/src/modules/documents (jest) and apps/api/dist/modules/documents (production)
 * alike.
 */
export const FONTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../fonts');

export interface SignatureFont {
  /** The file name without .woff2, e.g. 'great-vibes'. */
  name: string;
  /** The font as a data: URL for an inline @font-face. */
  dataUrl: string;
}

/** Every *.woff2 of the folder, sorted by name. */
export async function loadSignatureFonts(dir: string = FONTS_DIR): Promise<SignatureFont[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.woff2')).sort();
  if (files.length === 0) throw new Error(`No signature fonts (*.woff2) in ${dir}`);
  return Promise.all(
    files.map(async (file) => ({
      name: basename(file, '.woff2'),
      dataUrl: `data:font/woff2;base64,${(await readFile(join(dir, file))).toString('base64')}`,
    })),
  );
}
