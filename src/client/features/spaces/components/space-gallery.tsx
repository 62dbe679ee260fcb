import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { spacePhotoUrl } from '@/shared/images';
import { cn } from '@/client/lib/cn';
import { SpaceImage } from './space-image';

/**
 * The photos of a space. Previous/next buttons (wrapping around) and dots
 * appear only with more than one image; none shows the default image.
 */
export function SpaceGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="relative overflow-hidden rounded-xl bg-slate-100">
      <div className="aspect-[16/10] sm:aspect-[16/8]">
        <SpaceImage
          src={spacePhotoUrl(images, current)}
          alt={count > 1 ? `${title}, photo ${current + 1} of ${count}` : title}
          className="size-full object-cover"
          // The page's largest paint: preloaded by the server (src/server/pages/routes.ts), and sized (the box's
          // 16:10) so that the browser reserves its place before the file arrives.
          width={1600}
          height={1000}
          fetchPriority="high"
        />
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Previous image"
            className="absolute top-1/2 left-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-primary"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Next image"
            className="absolute top-1/2 right-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-primary"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-1 rounded-full bg-slate-900/40 px-2 py-1">
            {images.map((_image, dot) => (
              <button
                key={dot}
                type="button"
                onClick={() => setIndex(dot)}
                aria-label={`Show image ${dot + 1} of ${count}`}
                aria-current={dot === current ? 'true' : undefined}
                className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              >
                <span className={cn('block size-2 rounded-full', dot === current ? 'bg-white' : 'bg-white/60')} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
