import { ArrowLeft, ArrowRight, ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from '@/shared/constants';
import { isImageStorageFull, thumbnailUrl } from '@/shared/images';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { uploadImage } from '@/client/lib/upload-image';

interface Upload {
  key: string;
  name: string;
  preview: string;
  progress: number;
}

/** docs/product.md#user-facing-messages. */
const tooMany = () =>
  toast({ variant: 'destructive', title: 'Too many images', description: `You can upload a maximum of ${MAX_LISTING_IMAGES} images` });
const badType = () => toast({ variant: 'destructive', title: 'Invalid file type', description: 'Please upload only image files' });
const tooLarge = (name: string) =>
  toast({ variant: 'destructive', title: 'File too large', description: `${name} exceeds the 5MB size limit` });
const storageFull = (message: string) => toast({ variant: 'destructive', title: 'Image storage full', description: message });

interface PhotoUploaderProps {
  images: string[];
  onImagesChange: (update: (images: string[]) => string[]) => void;
  /** Told whether uploads are still running (the wizard waits for them). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The listing's photos (docs/product.md#validation and #user-facing-messages): up to 10
 * image files of at most 5 MB, each uploaded at once with a preview and its
 * progress; they can be reordered (the first is the card image) and removed.
 */
export function PhotoUploader({ images, onImagesChange, onBusyChange }: PhotoUploaderProps) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => onBusyChange(uploads.length > 0), [uploads.length, onBusyChange]);

  const addFiles = (files: File[]) => {
    const room = MAX_LISTING_IMAGES - images.length - uploads.length;
    if (files.length > room) tooMany();
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        badType();
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        tooLarge(file.name);
        continue;
      }
      const upload: Upload = { key: `${Date.now()}-${Math.random()}`, name: file.name, preview: URL.createObjectURL(file), progress: 0 };
      setUploads((current) => [...current, upload]);
      const finish = () => {
        URL.revokeObjectURL(upload.preview);
        setUploads((current) => current.filter((item) => item.key !== upload.key));
      };
      uploadImage(file, (progress) =>
        setUploads((current) => current.map((item) => (item.key === upload.key ? { ...item, progress } : item))),
      )
        .then((stored) => {
          onImagesChange((current) => (current.length < MAX_LISTING_IMAGES ? [...current, stored.url] : current));
          finish();
        })
        .catch((error: unknown) => {
          finish();
          if (isApiError(error, 413) && isImageStorageFull(error.serverMessage)) storageFull(error.serverMessage!);
          else if (isApiError(error, 413)) tooLarge(file.name);
          else if (isApiError(error, 415)) badType();
          else
            toast({ variant: 'destructive', title: 'Upload failed', description: `${file.name} could not be uploaded. Please try again.` });
        });
    }
  };

  const move = (index: number, by: number) =>
    onImagesChange((current) => {
      const next = [...current];
      const target = index + by;
      if (target < 0 || target >= next.length) return current;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });

  return (
    <div className="grid gap-3">
      <div>
        <p className="text-sm font-medium text-slate-900">Photos</p>
        <p className="text-sm text-slate-600">
          Up to {MAX_LISTING_IMAGES} images, 5MB each. The first photo is the one renters see on the listing card.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos" data-testid="photo-list">
        {images.map((url, index) => (
          <li key={url} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="photo">
            <img
              src={thumbnailUrl(url)}
              alt={`Photo ${index + 1}${index === 0 ? ' (card image)' : ''}`}
              className="aspect-[4/3] w-full object-cover"
            />
            {index === 0 ? (
              <span className="absolute top-2 left-2 rounded bg-primary px-2 py-0.5 text-xs font-medium text-white">Card image</span>
            ) : null}
            <div className="flex items-center justify-between gap-1 p-1.5">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move photo ${index + 1} earlier`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowLeft aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move photo ${index + 1} later`}
                disabled={index === images.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-red-700"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onImagesChange((current) => current.filter((item) => item !== url))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
        {uploads.map((upload) => (
          <li key={upload.key} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white" aria-busy="true">
            <img src={upload.preview} alt={`Uploading ${upload.name}`} className="aspect-[4/3] w-full object-cover opacity-60" />
            <div className="flex items-center gap-2 p-2 text-xs text-slate-700">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              <progress
                className="h-2 flex-1"
                value={Math.round(upload.progress * 100)}
                max={100}
                aria-label={`Uploading ${upload.name}`}
              />
            </div>
          </li>
        ))}
      </ul>
      <div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose photos to upload"
          data-testid="photo-input"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={images.length + uploads.length >= MAX_LISTING_IMAGES}>
          <ImagePlus aria-hidden="true" />
          Add photos
        </Button>
      </div>
    </div>
  );
}
