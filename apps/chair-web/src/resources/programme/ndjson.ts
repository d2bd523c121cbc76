/**
 * Splits streamed NDJSON text into its complete lines: `buffered` is what is left of earlier chunks plus the
 * new chunk; `rest` is an unfinished last line to keep for the next chunk (none once the stream has ended).
 * Blank lines are skipped.
 */
export function splitNdjson(buffered: string, ended: boolean): { lines: string[]; rest: string } {
  const parts = buffered.split('\n');
  const rest = ended ? '' : (parts.pop() ?? '');
  return { lines: parts.map((l) => l.trim()).filter(Boolean), rest };
}

/**
 * Reads an NDJSON body as it arrives, calling `onLine` with each parsed line in order; resolves once the
 * body ends, or as soon as `onLine` answers true (the reader is then cancelled).
 */
export async function readNdjson<T>(
  body: ReadableStream<Uint8Array>,
  onLine: (line: T) => boolean | void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const text = rest + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      const split = splitNdjson(text, done);
      rest = split.rest;
      for (const line of split.lines) if (onLine(JSON.parse(line) as T)) return;
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
