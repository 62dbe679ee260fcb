/**
 * The server's `/ws` events for any part of the client: the tab's one socket (the messages
 * feature's LiveMessagesProvider) publishes every event it receives here, and other features (the
 * notification bell) subscribe with {@link useLiveEvent} instead of opening a socket of their own.
 */
import { useEffect, useRef } from 'react';
import type { ServerSocketEvent } from '@/shared/schemas/messages';

type Listener = (event: ServerSocketEvent) => void;
const listeners = new Set<Listener>();

/** Hands `event` to every subscriber (called by the socket's owner for each valid event). */
export function publishLiveEvent(event: ServerSocketEvent): void {
  for (const listener of listeners) listener(event);
}

/** Subscribes `listener` to the tab's live events while the component is mounted (the latest `listener` is called). */
export function useLiveEvent(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: Listener = (event) => latest.current(event);
    listeners.add(call);
    return () => void listeners.delete(call);
  }, []);
}
