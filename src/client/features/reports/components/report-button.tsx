import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@/shared/schemas/reports';
import { Button } from '@/client/components/ui/button';

// The dialog loads on the first click: the pages that show a Report button keep their first load.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

/**
 * "Report" (docs/product.md#reporting): opens the Report dialog for a listing, a review, a message
 * or a user. Shown to signed-in users only (the page decides).
 * @param label the button's accessible name; by default "Report this listing" (review, message, user)
 */
export function ReportButton({ targetType, targetId, label }: { targetType: ReportTargetType; targetId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="w-fit text-slate-600"
        aria-label={label ?? `Report this ${targetType === 'space' ? 'listing' : targetType}`}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The default export, for the pages' `lazy(() => import(...))`. */
export default ReportButton;
