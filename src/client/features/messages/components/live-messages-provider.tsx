import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import type { ClientSocketEvent } from '@/shared/schemas/messages';

/** The live connection's state (docs/product.md#behaviour): Connected or Disconnected, while trying, or given up. */
export type LiveStatus = 'connecting' | 'connected' | 'disconnected' | 'failed';

export interface LiveMessagesValue {
  status: LiveStatus;
  /** 'Connection error' after a socket error, 'Failed to connect' once the retries are spent (docs/product.md#user-facing-messages). */
  error: string | null;
  /** Sends an event when connected; false when it could not be sent. */
  send: (event: ClientSocketEvent) => boolean;
}

const DISCONNECTED: LiveMessagesValue = { status: 'disconnected', error: null, send: () => false };
const LiveMessagesContext = createContext<LiveMessagesValue>(DISCONNECTED);

// The socket and its event handling load once someone is signed in, not with every first page
// (tests/unit/client-bundle.test.ts).
const LiveConnection = lazy(() => import('./live-connection').then((module) => ({ default: module.LiveConnection })));

/**
 * Shares this tab's live connection (`/ws`; see `LiveConnection` in live-connection.tsx) with the
 * app: connecting while its code loads, disconnected when nobody is signed in.
 */
export function LiveMessagesProvider({ userId, children }: { userId: string | undefined; children: ReactNode }) {
  const [value, setValue] = useState<LiveMessagesValue>({ ...DISCONNECTED, status: 'connecting' });
  return (
    <LiveMessagesContext.Provider value={userId ? value : DISCONNECTED}>
      {children}
      {userId ? (
        <Suspense fallback={null}>
          <LiveConnection key={userId} userId={userId} onChange={setValue} />
        </Suspense>
      ) : null}
    </LiveMessagesContext.Provider>
  );
}

/** The live connection of this tab (see {@link LiveMessagesProvider}). */
export function useLiveMessages(): LiveMessagesValue {
  return useContext(LiveMessagesContext);
}
