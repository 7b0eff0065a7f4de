import { useSyncExternalStore } from 'react';

/**
 * Where the chat window stands: closed, open small (how it starts), enlarged, or hidden to its
 * launcher (the conversation keeps its socket). One window per page, whichever entry opened it.
 */
export interface ChatWindowState {
  open: boolean;
  hidden: boolean;
  large: boolean;
}

let state: ChatWindowState = { open: false, hidden: false, large: false };
const listeners = new Set<() => void>();
const set = (next: Partial<ChatWindowState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const chatWindow = {
  open: () => set({ open: true, hidden: false }),
  /** Loads the chat behind its launcher (live, not in the way), unless it is already open. */
  load: () => set(state.open ? {} : { open: true, hidden: true }),
  hide: () => set({ hidden: true }),
  close: () => set({ open: false, hidden: false, large: false }),
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
