import { META_DESCRIPTION_LENGTH } from '@/shared/constants';
import { truncate } from '@/client/lib/format';

/**
 * The page's title and description. React 19 hoists these into <head>, so
 * client-side navigation keeps them right (the server writes the first ones).
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={truncate(description, META_DESCRIPTION_LENGTH)} /> : null}
    </>
  );
}
