import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordPageError } from '~/stores/page-error';

/** The text a broken island shows instead of itself. */
export const ISLAND_ERROR_TEXT = 'Terjadi kesalahan pada bagian ini. Muat ulang halaman.';

interface Props {
  /** The island's name, recorded as the error's source. */
  source: string;
  children: ReactNode;
}

/**
 * Wraps every island: a render error replaces the island with a short Indonesian notice (the rest of
 * the page stays usable) and goes into the page-error store with its time (SPEC §8), never a stack
 * trace on screen.
 */
export class IslandBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    recordPageError(error, this.props.source);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="island-error" role="alert">
        {ISLAND_ERROR_TEXT}
      </p>
    );
  }
}
