/**
 * The socket of the live connection (loaded once someone is signed in, outside the first page's
 * JavaScript): see {@link LiveMessagesProvider}, which renders it and shares what it reports.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RECONNECT_DELAYS_MS } from '@/shared/constants';
import { type ClientSocketEvent, type Message, serverSocketEventSchema } from '@/shared/schemas/messages';
import { toast } from '@/client/lib/use-toast';
import { publishLiveEvent } from '@/client/lib/live-events';
import { getConversationMessagesQueryOptions } from '../api/get-conversation-messages';
import { getConversationsQueryOptions } from '../api/get-conversations';
import { getUnreadCountQueryOptions } from '../api/get-unread-count';
import type { LiveMessagesValue, LiveStatus } from './live-messages-provider';

/** The socket's close code when the server refuses the session (RFC 6455 policy violation): no retry. */
const POLICY_VIOLATION = 1008;

function socketUrl(userId: string): string {
  const url = new URL(`/ws?userId=${encodeURIComponent(userId)}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Applies one server event to the cached queries. */
function applyEvent(queryClient: QueryClient, userId: string, raw: string): void {
  let parsed;
  try {
    parsed = serverSocketEventSchema.safeParse(JSON.parse(raw));
  } catch (error) {
    console.warn('Unreadable live event:', error);
    return;
  }
  if (!parsed.success) {
    // docs/product.md#api-calls: parse failures of incoming events are only logged.
    console.warn('Unexpected live event:', parsed.error.message);
    return;
  }
  const event = parsed.data;
  // Other features (the notification bell) hear the same socket.
  publishLiveEvent(event);
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions(userId).queryKey });
    // The latest messages on the profile (any page size).
    void queryClient.invalidateQueries({ queryKey: ['users', userId, 'messages'] });
  };
  switch (event.type) {
    case 'new_message': {
      const { message } = event;
      queryClient.setQueryData(getConversationMessagesQueryOptions(message.conversationId).queryKey, (thread: Message[] | undefined) =>
        thread && !thread.some((m) => m.id === message.id) ? [...thread, message] : thread,
      );
      refreshLists();
      return;
    }
    case 'conversation_updated':
      void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey });
      return;
    case 'messages_read':
      queryClient.setQueryData(getConversationMessagesQueryOptions(event.conversationId).queryKey, (thread: Message[] | undefined) =>
        thread?.map((m) =>
          m.receiverId === event.readerId && !m.readAt && m.createdAt <= event.readAt ? { ...m, readAt: event.readAt } : m,
        ),
      );
      refreshLists();
      return;
    case 'notifications_changed':
      return;
    case 'error':
      toast({ variant: 'destructive', title: 'Message failed', description: event.message });
      return;
  }
}

/**
 * One live connection per signed-in tab (`/ws`, docs/product.md#behaviour and #api-calls): it
 * keeps threads, conversation lists and the unread badge current. On close
 * it retries up to 5 times after 1, 2, 4, 8 and 16 seconds, and starts
 * counting again after a successful open. A session the server refuses
 * (logout) is not retried. Reports its state through `onChange`.
 */
export function LiveConnection({ userId, onChange }: { userId: string; onChange: (value: LiveMessagesValue) => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    let stopped = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const socket = new WebSocket(socketUrl(userId));
      socketRef.current = socket;
      socket.onopen = () => {
        attempts = 0;
        setStatus('connected');
        setError(null);
        // Catch up on anything missed while away.
        void queryClient.invalidateQueries({ queryKey: ['users', userId] });
        void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      };
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data === 'string') applyEvent(queryClient, userId, event.data);
      };
      socket.onerror = () => setError('Connection error');
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        if (event.code === POLICY_VIOLATION) {
          setStatus('disconnected');
          return;
        }
        const delay = RECONNECT_DELAYS_MS[attempts];
        if (delay === undefined) {
          setStatus('failed');
          setError('Failed to connect');
          return;
        }
        attempts += 1;
        setStatus('connecting');
        timer = setTimeout(connect, delay);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [userId, queryClient]);

  const send = useCallback((event: ClientSocketEvent) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(event));
    return true;
  }, []);

  useEffect(() => onChange({ status, error, send }), [status, error, send, onChange]);
  // Signed out (or another user): the connection is gone.
  useEffect(() => () => onChange(DISCONNECTED), [onChange]);
  return null;
}

const DISCONNECTED: LiveMessagesValue = { status: 'disconnected', error: null, send: () => false };
