import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/client/lib/use-toast';

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

/**
 * The app's toasts. The toast UI (Radix Toast, about a tenth of the app's
 * first JavaScript) loads with the first toast, not with the first page,
 * and stays mounted from then on.
 */
export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
