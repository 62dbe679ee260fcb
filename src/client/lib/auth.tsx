import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type User, userSchema } from '@/shared/schemas/users';
import { toast } from '@/client/lib/use-toast';
import { api, isApiError } from './api-client';

/** Where the signed-in user is cached for display (docs/product.md#who-it-is-for). */
export const USER_STORAGE_KEY = 'clinicshare:user';

/** The stored user, or null. Data that cannot be parsed (or is not a user) is removed. */
function readStoredUser(): User | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: unparsable
  }
  window.localStorage.removeItem(USER_STORAGE_KEY);
  return null;
}

function writeStoredUser(user: User | null): void {
  try {
    if (user) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage unavailable (private mode, quota): the cache is only for display
  }
}

/** GET /api/me: the session user, or null without a session (401). */
export async function getMe(): Promise<User | null> {
  try {
    return await api.get<User>('/api/me');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: getMe });
}

interface AuthContextValue {
  /** The signed-in user, or null. */
  user: User | null;
  /** Sets (login, register) or clears (logout) the user and its stored copy. */
  setUser: (user: User | null) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the session user (docs/decisions/009-identity-from-the-session.md). The local-storage copy is read
 * before the first render (so there is no loading phase to show), displayed at
 * once, and checked against GET /api/me, whose answer wins and is stored.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [storedUser] = useState(readStoredUser);
  // Only a stored user needs checking; without one, nobody is signed in and the
  // visitor's browser is spared a 401 on every page load.
  const me = useQuery({ ...getMeQueryOptions(), enabled: storedUser !== null });

  // Every known answer (the server's, or login/logout through setUser) is stored.
  useEffect(() => {
    if (me.data !== undefined) writeStoredUser(me.data);
  }, [me.data]);

  const setUser = useCallback(
    (user: User | null) => {
      // Stored at once, before the caller navigates (docs/product.md#behaviour: set, store, then go).
      writeStoredUser(user);
      queryClient.setQueryData(getMeQueryOptions().queryKey, user);
    },
    [queryClient],
  );

  // A session that ends while the app is open (expired, revoked by Log out everywhere on another
  // device, a password change): the next call answers 401. The user is then signed out here too, so a
  // page that needs a session asks to log in again (docs/product.md#signed-out-visits) rather than
  // showing load errors. Login's own 401 (a wrong password) comes with nobody signed in: nothing to do.
  useEffect(() => {
    const sessionEnded = (error: unknown) => {
      if (!isApiError(error, 401)) return;
      const known = queryClient.getQueryData<User | null>(getMeQueryOptions().queryKey);
      if ((known !== undefined ? known : storedUser) === null) return;
      setUser(null);
      toast({ title: 'Your session has ended', description: 'Please log in again.' });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, storedUser, setUser]);

  // The user as the cache holds it now, read synchronously: a login or logout and the navigation that
  // follows it (set, then go) render together, so a page that needs a session never sees a moment without
  // its user (docs/product.md#signed-out-visits). (useQuery's own answer arrives a task later.)
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === getMeQueryOptions().queryKey[0]) onChange();
      }),
    [queryClient],
  );
  const cached = useSyncExternalStore(subscribe, () => queryClient.getQueryData<User | null>(getMeQueryOptions().queryKey));
  const known = cached !== undefined ? cached : me.data;

  const value = useMemo<AuthContextValue>(
    () => ({
      // Until the server answers (or if it cannot be reached), the stored copy is shown.
      user: known !== undefined ? known : storedUser,
      setUser,
    }),
    [known, storedUser, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
