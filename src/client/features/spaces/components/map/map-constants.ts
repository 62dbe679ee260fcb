/** Map constants of docs/product.md#constants. */
export const OVERVIEW_ZOOM = 4;
export const DETAIL_ZOOM = 13;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;
/** The middle of the contiguous US, when there is no space to centre on. */
export const US_CENTER = { lat: 39.8283, lng: -98.5795 } as const;
