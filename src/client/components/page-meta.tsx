import { cutDescription } from '@/shared/text';

/**
 * The page's title and description. React 19 hoists these into <head>, so
 * client-side navigation keeps them right (the server writes the first ones).
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={cutDescription(description)} /> : null}
    </>
  );
}
