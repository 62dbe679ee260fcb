import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/client/components/ui/button';

/**
 * A button that opens the file picker for one image, and one that removes
 * the current image when `onRemove` is given. The file input itself is
 * hidden and out of the tab order; the button is what people use.
 */
export function ImageUploadButton({
  label,
  inputLabel,
  testId,
  progress,
  onFile,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel?: string;
  onRemove?: () => void;
  /** The hidden input's accessible name. */
  inputLabel: string;
  testId: string;
  /** Fraction sent while uploading, null otherwise. */
  progress: number | null;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
        {uploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
        {label}
      </Button>
      {onRemove && !uploading ? (
        <Button variant="ghost" size="sm" className="text-red-700" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {removeLabel}
        </Button>
      ) : null}
      {uploading ? <progress className="h-2 w-24" value={Math.round(progress * 100)} max={100} aria-label={`${label}: uploading`} /> : null}
    </div>
  );
}
