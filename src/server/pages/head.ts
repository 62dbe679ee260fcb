/**
 * Page metadata in the HTML the server sends (docs/decisions/015-page-metadata-for-crawlers.md): title,
 * description (cut at 150 characters, docs/product.md#constants), canonical URL,
 * OpenGraph tags and JSON-LD, so crawlers see them without JavaScript.
 */
import { DEFAULT_SPACE_IMAGE, PRICING_PERIOD_LABELS, STRUCTURED_DATA_RESULTS } from '../../shared/constants';
import type { Review } from '../../shared/schemas/reviews';
import type { Space } from '../../shared/schemas/spaces';
import { cutDescription } from '../../shared/text';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Absolute URL of the OpenGraph image, if any. */
  image?: string;
  jsonLd?: object;
}

export const SITE_NAME = 'ClinicShare';
export const DEFAULT_DESCRIPTION =
  'Rent exam rooms, dental suites, surgical suites and clinics by the hour, day or month. Find medical space near you, book and pay online.';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for a `<script>` data block (JSON-LD): every `<`
 * is written `\u003c` (the same character to a JSON parser), so no text inside
 * can close the element (`</script>`) or open a comment (`<!--`).
 */
export const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The tags for `<head>`. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}

/** What a page's first load fetches early: its route's chunks and stylesheets and its largest image. */
export interface PagePreloads {
  /** URLs of JavaScript chunks: `<link rel="modulepreload">`. */
  modules?: readonly string[];
  /** URLs of stylesheets: `<link rel="preload" as="style">`. */
  styles?: readonly string[];
  /** URL of the image of the page's largest paint: `<link rel="preload" as="image" fetchpriority="high">`. */
  image?: string;
}

/** The `<link>` tags for `preloads`, the image first. Inline (`data:`) images are not preloaded. */
export function renderPreloads(preloads: PagePreloads): string {
  const { modules = [], styles = [], image } = preloads;
  return [
    ...(image && !image.startsWith('data:') ? [`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`] : []),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}

const absolute = (origin: string, url: string) => (url.startsWith('http') ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** The offer of a space in schema.org terms (price per hour, day or month, USD). */
function spaceOffer(space: Space, origin: string) {
  return {
    '@type': 'Offer',
    price: space.pricePerDay,
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    url: `${origin}/spaces/${space.id}`,
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: space.pricePerDay,
      priceCurrency: 'USD',
      unitText: PRICING_PERIOD_LABELS[space.pricePeriod],
    },
  };
}

/**
 * The space's rating and its latest reviews in schema.org terms (`AggregateRating`, `Review`), from
 * its published renter reviews; nothing without reviews.
 */
function reviewsJsonLd(space: Space, reviews: readonly Review[]) {
  if (!space.rating) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: space.rating.average,
      reviewCount: space.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(reviews.length
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.reviewerFirstName },
            datePublished: review.publishedAt.slice(0, 10),
            reviewBody: review.comment,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

function spaceJsonLd(space: Space, origin: string, reviews: readonly Review[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: space.title,
    description: space.description,
    category: space.spaceType,
    url: `${origin}/spaces/${space.id}`,
    image: (space.images.length ? space.images : [DEFAULT_SPACE_IMAGE])
      .filter((src) => !src.startsWith('data:'))
      .map((src) => absolute(origin, src)),
    offers: spaceOffer(space, origin),
    ...reviewsJsonLd(space, reviews),
    location: {
      '@type': 'Place',
      name: space.title,
      address: {
        '@type': 'PostalAddress',
        streetAddress: space.address,
        addressLocality: space.city,
        addressRegion: space.state,
        postalCode: space.zipCode,
        addressCountry: 'US',
      },
      ...(space.latitude && space.longitude
        ? { geo: { '@type': 'GeoCoordinates', latitude: Number(space.latitude), longitude: Number(space.longitude) } }
        : {}),
    },
  };
}

/** Head of a space detail page; `reviews`: the first page of its published reviews, for the JSON-LD. */
export function spaceHead(space: Space, origin: string, reviews: readonly Review[] = []): PageHead {
  const image = space.images.find((src) => !src.startsWith('data:')) ?? DEFAULT_SPACE_IMAGE;
  return {
    title: `${space.title} | ${SITE_NAME}`,
    description: cutDescription(space.description),
    canonical: `${origin}/spaces/${space.id}`,
    image: absolute(origin, image),
    jsonLd: spaceJsonLd(space, origin, reviews),
  };
}

/** Head of a search page: an ItemList of the first 10 results (docs/product.md#search). */
export function searchHead(
  spaces: Array<Pick<Space, 'id' | 'title'>>,
  total: number,
  location: string | undefined,
  canonical: string,
  origin: string,
  exact = true,
): PageHead {
  const where = location ? ` in ${location}` : '';
  const count = exact ? String(total) : `${total.toLocaleString('en-US')}+`;
  return {
    title: `Medical spaces for rent${where} | ${SITE_NAME}`,
    description: cutDescription(
      `${count} medical ${total === 1 ? 'space' : 'spaces'} for rent${where}: exam rooms, dental suites, surgical suites and more, by the hour, day or month.`,
    ),
    canonical,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: total,
      itemListElement: spaces.slice(0, STRUCTURED_DATA_RESULTS).map((space, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `${origin}/spaces/${space.id}`,
        name: space.title,
      })),
    },
  };
}
