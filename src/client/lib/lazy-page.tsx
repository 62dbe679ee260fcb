import { type ComponentType, lazy, type ReactElement } from 'react';

/** A page component that loads its code on first use, and can be told to load it ahead. */
export type LazyPage<P extends object> = ((props: P) => ReactElement) & {
  /** Loads the page's code (once); when it has loaded, the page renders at once, without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * Route-level code splitting without a loading flash on the first
 * page: like React's `lazy`, but once the page's module has loaded (through
 * {@link LazyPage.preload}, or a first render that suspended), the page
 * renders directly instead of suspending for a promise that has already
 * resolved. The app preloads the page of the address it opens on before its
 * first render, so that render is the whole page (src/client/main.tsx).
 *
 * @param load imports the module and picks the page component from it.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return Object.assign(Page, { preload });
}
