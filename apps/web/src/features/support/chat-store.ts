import { useSyncExternalStore } from 'react';

/**
 * Where the chat window stands: closed, open small (how it starts), enlarged, or hidden to its
 * launcher (the conversation keeps its socket); `loaded`: live without a window (CBS3), so an answer
 * that arrives shows the launcher. One window per page, whichever entry opened it.
 */
export interface ChatWindowState {
  open: boolean;
  hidden: boolean;
  large: boolean;
  loaded: boolean;
}

let state: ChatWindowState = { open: false, hidden: false, large: false, loaded: false };
const listeners = new Set<() => void>();
const set = (next: Partial<ChatWindowState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const chatWindow = {
  open: () => set({ open: true, hidden: false }),
  /** Keeps the chat live without showing it: an answer that arrives shows the launcher. */
  load: () => set({ loaded: true }),
  /** An answer arrived while the window was not shown: the launcher appears. */
  reveal: () => set(state.open ? {} : { open: true, hidden: true }),
  hide: () => set({ hidden: true }),
  close: () => set({ open: false, hidden: false, large: false }),
  /** Logged out: nothing live any more. */
  unload: () => set({ open: false, hidden: false, large: false, loaded: false }),
  toggleSize: () => set({ large: !state.large }),
};

export function useChatWindow(): ChatWindowState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
