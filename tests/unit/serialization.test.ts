import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trustedAnswerSerializer } from '../../src/server/http/serialization';
import { spaceCardSchema, type SpaceCard } from '../../src/shared/schemas/spaces';

const cards = z.array(spaceCardSchema);
const route = { schema: cards, method: 'GET', url: '/api/spaces' };

const card = (overrides: Partial<SpaceCard> = {}): SpaceCard => ({
  id: '0b7f1c2e-8f4e-4b7a-9a1e-3c2d5e6f7a8b',
  ownerId: '1c8f2d3e-9a5f-4c8b-8b2f-4d3e6f7a8b9c',
  title: 'Dental suite "Lakeside" — 2nd floor',
  spaceType: 'Dental Suite',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  pricePerDay: '250.00',
  pricePeriod: 'hourly',
  capacity: 3,
  images: ['/images/spaces/dental-suite-1.svg', '/images/spaces/reception-area.svg'],
  rating: { average: 4.67, count: 3 },
  ...overrides,
});

describe('trustedAnswerSerializer', () => {
  it('writes the same bytes as the zod serializer for search cards', () => {
    const data = [card(), card({ rating: null, images: [], title: 'Room\n\\ with \u2028 odd text' }), card({ capacity: 1000 })];
    const zod = serializerCompiler(route)(data);
    expect(trustedAnswerSerializer(route)(data)).toBe(zod);
    expect(trustedAnswerSerializer(route)([])).toBe('[]');
  });

  it('leaves out what the response schema does not name', () => {
    const leaky = [{ ...card(), passwordHash: 'secret', ratingCount: 3 }];
    const written = JSON.parse(trustedAnswerSerializer(route)(leaky)) as Array<Record<string, unknown>>;
    expect(Object.keys(written[0]!).sort()).toEqual(Object.keys(spaceCardSchema.shape).sort());
  });
});
