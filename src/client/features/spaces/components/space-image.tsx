import { type ComponentProps, useState } from 'react';
import { DEFAULT_SPACE_IMAGE } from '@/shared/constants';

/** A space photo that falls back to the default stock image when missing or broken. */
export function SpaceImage({ src, alt, ...props }: Omit<ComponentProps<'img'>, 'src'> & { src: string | undefined; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || DEFAULT_SPACE_IMAGE;
  const shown = failedSrc === wanted ? DEFAULT_SPACE_IMAGE : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== DEFAULT_SPACE_IMAGE) setFailedSrc(wanted);
      }}
      {...props}
    />
  );
}
