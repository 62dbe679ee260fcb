import { describe, expect, it } from 'vitest';
import { renderHead, searchHead, spaceHead } from '../../src/server/pages/head';
import type { Review } from '../../src/shared/schemas/reviews';
import type { Space } from '../../src/shared/schemas/spaces';
import { cutDescription } from '../../src/shared/text';

describe('page metadata', () => {
  it('cuts descriptions to at most 150 characters on a word boundary', () => {
    const long = 'word '.repeat(60);
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutDescription('Short and sweet.')).toBe('Short and sweet.');
  });

  it('escapes text in tags and cannot be broken out of by JSON-LD content', () => {
    const html = renderHead({
      title: 'A "quoted" <b>title</b>',
      description: 'x',
      canonical: 'http://localhost/spaces/1',
      jsonLd: { name: '</script><script>alert(1)</script>' },
    });
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt;</title>');
    expect(html).not.toContain('</script><script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('lists only the first 10 results in the search structured data', () => {
    const spaces = Array.from({ length: 12 }, (_, i) => ({ id: `id-${i}`, title: `Space ${i}` })) as never[];
    const head = searchHead(spaces, 12, 'Boston', 'http://x/search?location=Boston', 'http://x');
    expect((head.jsonLd as { itemListElement: unknown[] }).itemListElement).toHaveLength(10);
    expect(head.title).toBe('Medical spaces for rent in Boston | ClinicShare');
  });

  it("gives a space's structured data its aggregate rating and reviews, and neither without reviews", () => {
    const space = {
      id: 's1',
      title: 'Exam Room',
      description: 'A room.',
      spaceType: 'Examination Room',
      address: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zipCode: '02116',
      latitude: null,
      longitude: null,
      pricePerDay: '150.00',
      pricePeriod: 'daily',
      images: [],
      rating: { average: 4.5, count: 2 },
    } as unknown as Space;
    const review = {
      id: 'r1',
      spaceId: 's1',
      authorSide: 'renter',
      reviewerFirstName: 'Taylor',
      rating: 5,
      comment: 'Spotless.',
      createdAt: '2026-03-02T10:00:00.000Z',
      publishedAt: '2026-03-04T10:00:00.000Z',
      published: true,
      reply: null,
      repliedAt: null,
    } satisfies Review;
    const jsonLd = spaceHead(space, 'http://x', [review]).jsonLd as Record<string, unknown>;
    expect(jsonLd.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(jsonLd.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Taylor' },
        datePublished: '2026-03-04',
        reviewBody: 'Spotless.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
    ]);
    const unrated = spaceHead({ ...space, rating: null }, 'http://x').jsonLd as Record<string, unknown>;
    expect(unrated.aggregateRating).toBeUndefined();
    expect(unrated.review).toBeUndefined();
  });
});
