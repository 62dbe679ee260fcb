import { useEffect } from 'react';
import { Link } from 'wouter';
import { thumbnailUrl } from '@/shared/images';
import { formatAmount, periodSuffix } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { useSpace } from '../../api/get-space';
import { SpaceImage } from '../space-image';

/** A marker's popup (docs/product.md#map): title, first image, city and state, price with its period, specialty, View Details. */
export function SpacePopupContent({
  id,
  onLoaded,
}: {
  id: string;
  /** Called once its content has loaded (the popup then re-pans into view). */ onLoaded?: () => void;
}) {
  const space = useSpace(id);
  const loaded = space.isSuccess;
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);
  if (space.isPending) return <p className="m-0 text-sm text-slate-600">Loading...</p>;
  if (space.isError) return <p className="m-0 text-sm text-red-800">This space could not be loaded.</p>;
  const { data } = space;
  return (
    <div className="grid gap-1.5 text-slate-900" data-testid="space-popup">
      <SpaceImage src={data.images[0] && thumbnailUrl(data.images[0])} alt={data.title} className="h-28 w-full rounded-md object-cover" />
      <p className="m-0 font-semibold">{data.title}</p>
      <p className="m-0 text-sm text-slate-600">
        {data.city}, {data.state}
      </p>
      <p className="m-0 text-sm">
        <span className="font-bold">{formatAmount(data.pricePerDay)}</span>
        {periodSuffix(data.pricePeriod)}
      </p>
      {data.optimalSpecialty ? <p className="m-0 text-sm text-slate-600">{data.optimalSpecialty}</p> : null}
      <Link href={paths.space(data.id)} className="text-sm font-medium text-primary underline">
        View Details
      </Link>
    </div>
  );
}
