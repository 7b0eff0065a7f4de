import type { ComponentType } from 'react';

/** The spec's chunk loading timeout. */
export const chunkTimeoutMs = 120_000;

/** Why a piece of code could not be loaded: the spec's ChunkLoadError with its type and request. */
export class ChunkLoadError extends Error {
  constructor(
    readonly type: 'missing' | 'timeout' | 'error',
    /** The page group or dialog that was requested. */
    readonly request: string,
    /** True when a stylesheet of the chunk failed rather than its script. */
    readonly css = false,
  ) {
    super(`Loading chunk ${request} failed (${type})`);
    this.name = 'ChunkLoadError';
  }
}

function classify(request: string, err: unknown): ChunkLoadError {
  if (err instanceof ChunkLoadError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const css = /\bcss\b/i.test(message);
  const missing =
    css || /dynamically imported module|module script failed|Failed to fetch|Unable to preload|Importing a module/i.test(message);
  return new ChunkLoadError(missing ? 'missing' : 'error', request, css);
}

/** Loads a chunk, failing with a ChunkLoadError if it errors or takes longer than the timeout. */
export function loadChunk<T>(request: string, load: () => Promise<T>, timeoutMs = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', request)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(classify(request, err));
      },
    );
  });
}

/** route.lazy for one page of a named page group: the group's code loads when one of its routes is visited. */
export function lazyPage<M>(group: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return () => loadChunk(group, load).then((module) => ({ Component: pick(module) }));
}

/** React.lazy over a named export, with the same timeout and error classification. */
export function lazyComponent<M, P>(request: string, load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return () => loadChunk(request, load).then((module) => ({ default: pick(module) }));
}
