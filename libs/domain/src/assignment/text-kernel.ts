/**
 * Texts to term ids in WebAssembly (the TermIds of text.ts, for the network build's 20 M characters): each
 * text is encoded into the kernel's memory, and the kernel reads it word by word, looking each word up in a
 * hash table of the words seen so far (one probe and a comparison of a few bytes, all in a small memory);
 * a word not seen yet comes back here to be stemmed and given its term id (text.ts's stemOf and numbering),
 * then the kernel goes on. The same ids as TermIds (text-kernel.spec.ts); TermIds where WebAssembly or
 * TextEncoder is missing.
 */
import { compiledOnce, wasmApi, WASM_PAGE, type WasmMemory } from './wasm.js';
import { foldedText, stemOf, type IntList } from './text.js';

/** `wat2wasm text-kernel.wat` (the source beside this file). */
const WASM = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 15, 1, 96, 10, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 1, 127, 2,
  15, 1, 3, 101, 110, 118, 6, 109, 101, 109, 111, 114, 121, 2, 0, 1, 3, 2, 1, 0, 7, 8, 1, 4, 115, 99, 97, 110,
  0, 0, 10, 237, 2, 1, 234, 2, 1, 11, 127, 32, 9, 40, 2, 0, 33, 10, 32, 2, 33, 11, 2, 64, 3, 64, 2, 64, 3, 64,
  32, 11, 32, 1, 79, 13, 3, 32, 4, 32, 0, 32, 11, 106, 45, 0, 0, 106, 45, 0, 0, 13, 1, 32, 11, 65, 1, 106, 33,
  11, 12, 0, 11, 11, 32, 11, 33, 13, 65, 0, 33, 14, 2, 64, 3, 64, 32, 11, 32, 1, 79, 13, 1, 32, 4, 32, 0, 32,
  11, 106, 45, 0, 0, 106, 45, 0, 0, 33, 12, 32, 12, 69, 13, 1, 32, 14, 65, 31, 108, 32, 12, 106, 33, 14, 32,
  11, 65, 1, 106, 33, 11, 12, 0, 11, 11, 32, 11, 32, 13, 107, 33, 17, 32, 17, 65, 2, 79, 4, 64, 32, 14, 32,
  14, 65, 15, 118, 115, 32, 6, 113, 33, 15, 65, 126, 33, 20, 2, 64, 3, 64, 32, 5, 32, 15, 65, 2, 116, 106, 40,
  2, 0, 33, 16, 32, 16, 69, 13, 1, 32, 7, 32, 16, 65, 1, 107, 65, 4, 116, 106, 33, 19, 32, 19, 40, 2, 0, 32,
  14, 70, 32, 19, 40, 2, 8, 32, 17, 70, 113, 4, 64, 65, 0, 33, 18, 2, 64, 3, 64, 32, 18, 32, 17, 79, 4, 64,
  32, 19, 40, 2, 12, 33, 20, 12, 5, 11, 32, 8, 32, 19, 40, 2, 4, 106, 32, 18, 106, 45, 0, 0, 32, 4, 32, 0, 32,
  13, 32, 18, 106, 106, 45, 0, 0, 106, 45, 0, 0, 71, 13, 1, 32, 18, 65, 1, 106, 33, 18, 12, 0, 11, 11, 11, 32,
  15, 65, 1, 106, 32, 6, 113, 33, 15, 12, 0, 11, 11, 32, 20, 65, 126, 70, 4, 64, 32, 9, 32, 10, 54, 2, 0, 32,
  9, 32, 11, 54, 2, 4, 32, 9, 32, 14, 54, 2, 8, 32, 13, 15, 11, 32, 20, 65, 0, 78, 4, 64, 32, 3, 32, 10, 65,
  2, 116, 106, 32, 20, 54, 2, 0, 32, 10, 65, 1, 106, 33, 10, 11, 11, 12, 0, 11, 11, 32, 9, 32, 10, 54, 2, 0,
  32, 1, 11,
]);

interface Encoder {
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
}
type Scan = (
  text: number,
  length: number,
  pos: number,
  out: number,
  fold: number,
  table: number,
  mask: number,
  entries: number,
  arena: number,
  state: number,
) => number;

const wasmModule = compiledOnce(WASM);

/** Byte → its lower-case letter or digit, 0 for a separator (every byte >= 0x80 included). */
const FOLD = (() => {
  const out = new Uint8Array(256);
  for (let c = 48; c <= 57; c++) out[c] = c;
  for (let c = 97; c <= 122; c++) out[c] = c;
  for (let c = 65; c <= 90; c++) out[c] = c + 32;
  return out;
})();

/** Region order in memory; each region's capacity in bytes only grows. */
const REGIONS = ['fold', 'state', 'table', 'entries', 'arena', 'text', 'out'] as const;
type Region = (typeof REGIONS)[number];

/** A TermIds (same `size` and `add`, same ids) running in WebAssembly; null where it cannot. */
export function wasmTermIds(): WasmTermIds | null {
  const module = wasmModule();
  const encoder = (globalThis as { TextEncoder?: new () => Encoder }).TextEncoder;
  return module && encoder ? new WasmTermIds(module, new encoder()) : null;
}

export class WasmTermIds {
  private readonly stems = new Map<string, number>();
  private readonly memory: WasmMemory;
  private readonly scan: Scan;
  private readonly cap: Record<Region, number> = {
    fold: 256,
    state: 16,
    table: 4 << 14,
    entries: 16 << 12,
    arena: 1 << 16,
    text: 1 << 16,
    out: 1 << 16,
  };
  private readonly at = {} as Record<Region, number>;
  private bytes = new Uint8Array(0);
  /** views on the state, text and out regions (made again when the memory grows) */
  private state = new Int32Array(0);
  private textBytes = new Uint8Array(0);
  private outIds = new Int32Array(0);
  private words = 0;
  private arenaUsed = 0;

  constructor(
    module: object,
    private readonly encoder: Encoder,
  ) {
    const api = wasmApi();
    this.memory = new api.Memory({ initial: 1 });
    this.scan = new api.Instance(module, { env: { memory: this.memory } }).exports.scan as Scan;
    this.layout(this.cap, false);
    this.bytes.set(FOLD, this.at.fold);
  }

  get size(): number {
    return this.stems.size;
  }

  /** Appends the term ids of the text's tokens, in order, to `out`. */
  add(text: string, out: IntList): void {
    let length = this.encode(text);
    // a text with a character past ASCII takes more bytes than characters: fold it (accents, case) first;
    // a plain ASCII text is scanned as it is (its upper case is folded byte by byte), with no pass over it
    if (length !== text.length) length = this.encode(foldedText(text));
    const { at } = this;
    this.state[0] = 0;
    let pos = 0;
    for (;;) {
      const mask = this.cap.table / 4 - 1;
      pos = this.scan(at.text, length, pos, at.out, at.fold, at.table, mask, at.entries, at.arena, at.state);
      if (pos >= length) break;
      // a word not seen yet: stem it, number it, enter it, and scan on from it
      this.enter(pos, this.state[1], this.state[2]);
    }
    out.append(this.outIds.subarray(0, this.state[0]));
  }

  /** Encodes the text into the text region (grown to hold it); its length in bytes. */
  private encode(plain: string): number {
    // UTF-8 takes at most 3 bytes a UTF-16 unit; at most one id per 3 bytes (2 letters and a separator)
    if (plain.length * 3 > this.cap.text || plain.length * 2 + 16 > this.cap.out)
      this.ensure({ text: plain.length * 3, out: plain.length * 2 + 16 });
    return this.encoder.encodeInto(plain, this.textBytes).written;
  }

  /** Enters the word text[start .. end) (bytes of the text region) with its hash. */
  private enter(start: number, end: number, hash: number): void {
    const len = end - start;
    let word = '';
    for (let k = 0; k < len; k++) word += String.fromCharCode(FOLD[this.bytes[this.at.text + start + k]]);
    const s = stemOf(word);
    let id = -1;
    if (s !== null) {
      const known = this.stems.get(s);
      if (known === undefined) this.stems.set(s, (id = this.stems.size));
      else id = known;
    }
    const slotsAfter = this.cap.table / 4;
    this.ensure({
      entries: (this.words + 1) * 16,
      arena: this.arenaUsed + len,
      table: (this.words + 1) * 2 > slotsAfter ? this.cap.table * 2 : this.cap.table,
    });
    const e = this.words++;
    const entries = new Int32Array(this.memory.buffer, this.at.entries, this.cap.entries / 4);
    entries[e * 4] = hash;
    entries[e * 4 + 1] = this.arenaUsed;
    entries[e * 4 + 2] = len;
    entries[e * 4 + 3] = id;
    this.bytes.copyWithin(this.at.arena + this.arenaUsed, this.at.text + start, this.at.text + end);
    for (let k = 0; k < len; k++) {
      const a = this.at.arena + this.arenaUsed + k;
      this.bytes[a] = FOLD[this.bytes[a]];
    }
    this.arenaUsed += len;
    this.place(e, hash);
  }

  /** Puts entry e in the table (linear probing from the kernel's first slot). */
  private place(e: number, hash: number): void {
    const table = new Int32Array(this.memory.buffer, this.at.table, this.cap.table / 4);
    const mask = table.length - 1;
    let slot = (hash ^ (hash >>> 15)) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = e + 1;
  }

  /** Grows the regions that need more room (doubling), moving the others, rebuilding the table if it grew. */
  private ensure(need: Partial<Record<Region, number>>): void {
    const next = { ...this.cap };
    let changed = false;
    for (const region of REGIONS) {
      const want = need[region] ?? 0;
      while (next[region] < want) {
        next[region] *= 2;
        changed = true;
      }
    }
    if (changed) this.layout(next, true);
  }

  private layout(cap: Record<Region, number>, move: boolean): void {
    const at = {} as Record<Region, number>;
    let end = 0;
    for (const region of REGIONS) {
      at[region] = end;
      end += Math.ceil(cap[region] / 8) * 8;
    }
    const pages = Math.ceil(end / WASM_PAGE);
    const have = this.memory.buffer.byteLength / WASM_PAGE;
    if (pages > have) this.memory.grow(pages - have);
    this.bytes = new Uint8Array(this.memory.buffer);
    const tableGrew = move && cap.table !== this.cap.table;
    if (move)
      // regions only move towards the end: the last first, so that none overwrites one not moved yet
      for (let i = REGIONS.length - 1; i >= 0; i--) {
        const region = REGIONS[i];
        if (at[region] !== this.at[region])
          this.bytes.copyWithin(at[region], this.at[region], this.at[region] + this.cap[region]);
      }
    Object.assign(this.cap, cap);
    Object.assign(this.at, at);
    this.state = new Int32Array(this.memory.buffer, at.state, 4);
    this.textBytes = this.bytes.subarray(at.text, at.text + cap.text);
    this.outIds = new Int32Array(this.memory.buffer, at.out, cap.out / 4);
    if (tableGrew || !move) {
      this.bytes.fill(0, at.table, at.table + cap.table);
      const entries = new Int32Array(this.memory.buffer, at.entries, cap.entries / 4);
      for (let e = 0; e < this.words; e++) this.place(e, entries[e * 4]);
    }
  }
}
