/// <reference types="jest" />
import { readNdjson, splitNdjson } from './ndjson';

/** A body that arrives in the given chunks (as a network answer does, cut anywhere). */
const bodyOf = (chunks: string[]) => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
};

describe('splitNdjson', () => {
  it('keeps an unfinished last line for the next chunk', () => {
    expect(splitNdjson('{"a":1}\n{"b":', false)).toEqual({ lines: ['{"a":1}'], rest: '{"b":' });
  });

  it('gives the last line without its newline once the stream has ended, skipping blank lines', () => {
    expect(splitNdjson('{"a":1}\n\n{"b":2}', true)).toEqual({ lines: ['{"a":1}', '{"b":2}'], rest: '' });
  });
});

describe('readNdjson', () => {
  it('parses lines cut across chunks, and a character cut between its bytes, in order', async () => {
    const encoder = new TextEncoder();
    const accented = encoder.encode('{"t":"é"}\n');
    const cut = 7; // between the two bytes of é
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"type":"progress","done":1}\n{"type":"pro'));
        controller.enqueue(encoder.encode('gress","done":2}\n'));
        controller.enqueue(accented.slice(0, cut));
        controller.enqueue(accented.slice(cut));
        controller.close();
      },
    });
    const seen: unknown[] = [];
    await readNdjson(body, (line) => {
      seen.push(line);
    });
    expect(seen).toEqual([{ type: 'progress', done: 1 }, { type: 'progress', done: 2 }, { t: 'é' }]);
  });

  it('stops at the line the reader asks to stop at', async () => {
    const seen: unknown[] = [];
    await readNdjson<{ n: number }>(bodyOf(['{"n":1}\n{"n":2}\n{"n":3}\n']), (line) => {
      seen.push(line);
      return line.n === 2;
    });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('reads a last line that has no newline', async () => {
    const seen: unknown[] = [];
    await readNdjson(bodyOf(['{"n":1}\n', '{"n":2}']), (line) => {
      seen.push(line);
    });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
