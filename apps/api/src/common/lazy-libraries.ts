/**
 * Libraries only some requests need — spreadsheets (exceljs), Chromium (puppeteer-core), SMTP (nodemailer),
 * QR codes (qrcode) — loaded on first use rather than when the API starts. Together they are about 700 of
 * the 3,500 modules an API process loaded at start; every API instance starts faster, and every test file
 * (each loads the whole app afresh) compiles a fifth fewer modules. Each is imported once per process: the
 * promise is kept, so concurrent first uses share one import.
 */
type ExcelJS = typeof import('exceljs');
type Puppeteer = (typeof import('puppeteer-core'))['default'];
type Nodemailer = typeof import('nodemailer');
type QRCode = typeof import('qrcode');

/** `import x from 'cjs-package'` gives module.exports; a dynamic import gives it as `default`. */
const cjs = <T>(ns: unknown): T => ((ns as { default?: T }).default ?? ns) as T;

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
};

export const loadExcelJS = once(async () => cjs<ExcelJS>(await import('exceljs')));
export const loadPuppeteer = once(async () => cjs<Puppeteer>(await import('puppeteer-core')));
export const loadNodemailer = once(async () => cjs<Nodemailer>(await import('nodemailer')));
export const loadQRCode = once(async () => cjs<QRCode>(await import('qrcode')));
