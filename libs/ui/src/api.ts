import type { ApiError as ApiErrorBody } from '@symposium/domain';

/** An API error with the server's {statusCode, code, message, details}. */
export class ApiError extends Error implements ApiErrorBody {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
  /** Field → message from validation details (when the server gives them). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (Array.isArray(this.details))
      for (const d of this.details as { field?: string; message?: string }[])
        if (d.field && d.message && !out[d.field]) out[d.field] = d.message;
    return out;
  }
}

const csrfToken = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('sym_csrf='))
    ?.slice('sym_csrf='.length);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The raw answer of an API call through the session cookie (with the CSRF header on writes); a refused call
 * throws ApiError with the server's message. For answers read as they arrive (NDJSON streams): `accept`
 * names what the caller reads, `signal` aborts the request.
 */
export async function send(
  method: Method,
  path: string,
  body?: unknown,
  opts: { accept?: string; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json' };
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const token = csrfToken();
  if (token) headers['X-CSRF-Token'] = decodeURIComponent(token);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal: opts.signal,
  });
  if (!res.ok) {
    let err: Partial<ApiErrorBody> = {};
    try {
      err = (await res.json()) as ApiErrorBody;
    } catch {
      /* not JSON */
    }
    throw new ApiError(
      res.status,
      err.code ?? 'request.error',
      err.message ?? `Request failed (${res.status})`,
      err.details,
    );
  }
  return res;
}

/** JSON API call through the session cookie (with the CSRF header on writes). */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A random Idempotency-Key (128 bits, hex): one per user action, kept by its retries. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers worth retrying with the same Idempotency-Key: the request may not have reached a live server. */
const RETRIABLE = new Set([409, 502, 503, 504]);

/**
 * A submission that must happen once: sent with a new Idempotency-Key, and sent again with the same key when
 * the answer was lost (network error, the server or its load balancer gone, the first attempt still
 * running) — the server stores it once and answers every attempt alike. `attempts` tries in all.
 */
export async function apiOnce<T>(method: Method, path: string, body?: unknown, attempts = 4): Promise<T> {
  const idempotencyKey = newIdempotencyKey();
  for (let i = 1; ; i++) {
    try {
      const res = await send(method, path, body, { idempotencyKey });
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (e) {
      const retriable = e instanceof ApiError ? RETRIABLE.has(e.statusCode) : e instanceof TypeError;
      if (!retriable || i >= attempts) throw e;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (i - 1)));
    }
  }
}

/** Calls an endpoint answering with a file and saves it in the browser. */
export async function download(
  method: Method,
  path: string,
  body?: unknown,
  fallbackName = 'download',
): Promise<void> {
  const res = await send(method, path, body);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const errorMessage = (e: unknown, fallback = 'Something went wrong'): string =>
  e instanceof Error && e.message ? e.message : fallback;
