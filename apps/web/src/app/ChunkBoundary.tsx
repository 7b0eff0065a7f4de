import { Component, type ReactNode } from 'react';
import { ChunkErrorMessage, isChunkError } from './ChunkError.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** Catches a lazily loaded dialog that failed to load and shows the chunk message in its place. */
export class ChunkBoundary extends Component<{ children: ReactNode }, { error: ChunkLoadError | null }> {
  state = { error: null as ChunkLoadError | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: isChunkError(error) ? error : new ChunkLoadError('error', 'dialog') };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="chunk-error-toast">
        <ChunkErrorMessage error={this.state.error} />
      </div>
    );
  }
}
