import { createContext, useContext } from 'react';

/** What follows a successful login or sign-up from the dialog (docs/product.md#signed-out-visits). */
export interface AfterSignIn {
  /** Where it lands: a path of this app with its query string; by default a page that needs a session returns to itself, any other to /profile. */
  returnTo?: string;
  /** Called once the person is signed in (what they asked for before logging in: the booking dialog, the message dialog). */
  then?: () => void;
}

/** Opens the app's Log in (or Sign up) dialog; `opener` gets focus back when the dialog closes. */
export type SignIn = (dialog: 'login' | 'register', opener: HTMLElement | null, after?: AfterSignIn) => void;

/** The app shell's {@link SignIn}, for pages that ask a signed-out visitor to log in. */
export const SignInContext = createContext<SignIn | null>(null);

/** The app shell's {@link SignIn}; throws outside its provider. */
export function useSignIn(): SignIn {
  const signIn = useContext(SignInContext);
  if (!signIn) throw new Error('useSignIn must be used within the app shell');
  return signIn;
}
