/**
 * What the network build's WebAssembly kernels (build-kernel.ts, text-kernel.ts) need of the platform: the
 * part of the WebAssembly API they use (the library is built without the DOM's types) and a module compiled
 * once per process, or null where WebAssembly is missing or refuses it (the callers then use JavaScript).
 */
export interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

export interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}

export const WASM_PAGE = 65536;

/** The platform's WebAssembly (throws where there is none: call after compiledOnce gave a module). */
export function wasmApi(): WasmApi {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) throw new Error('WebAssembly is not available');
  return api;
}

/** A getter of the module of these bytes, compiled at its first call. */
export function compiledOnce(bytes: Uint8Array): () => object | null {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
      try {
        compiled = api ? new api.Module(bytes) : null;
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}
