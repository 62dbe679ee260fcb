import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { RequestGate } from '../../src/server/geocoding/geocoder';
import { cellDegrees } from '../../src/server/spaces/map-points';
import { EMPTY_LISTING, fromSpace, isStepValid, stepErrors, toPayload } from '../../src/client/features/spaces/lib/listing-form';
import { thumbnailUrl } from '../../src/shared/images';
import { bboxSchema } from '../../src/shared/schemas/spaces';

describe('thumbnailUrl', () => {
  it('names the thumbnail next to an uploaded image and leaves other images alone', () => {
    expect(thumbnailUrl('/uploads/spaces/0b1c.webp')).toBe('/uploads/spaces/0b1c-thumb.webp');
    expect(thumbnailUrl('/uploads/spaces/0b1c-thumb.webp')).toBe('/uploads/spaces/0b1c-thumb.webp');
    expect(thumbnailUrl('/images/spaces/dental-suite-1.svg')).toBe('/images/spaces/dental-suite-1.svg');
  });
});

describe('map configuration', () => {
  it("defaults to OpenStreetMap's tiles with their attribution; none turns tiles off", () => {
    const config = loadConfig({});
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.mapTileAttribution).toContain('OpenStreetMap');
    expect(loadConfig({ MAP_TILE_URL: 'none' }).mapTileUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_URL/);
  });

  it('geocodes with the ZIP centroid outside production and with Nominatim in production, unless told', () => {
    expect(loadConfig({}).geocoder.mode).toBe('zip');
    const production = { NODE_ENV: 'production', PAYMENTS: 'none', PUBLIC_URL: 'https://clinicshare.example' };
    expect(loadConfig(production).geocoder.mode).toBe('nominatim');
    expect(loadConfig({ ...production, GEOCODER: 'off' }).geocoder.mode).toBe('off');
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GEOCODER/);
  });

  it('uses S3 storage only with a bucket, and wants both keys or neither', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toMatchObject({
      bucket: 'photos',
      region: 'us-east-1',
    });
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});

describe('map geometry', () => {
  it('halves the cluster cell with each zoom level', () => {
    expect(cellDegrees(0)).toBeCloseTo(84.375);
    expect(cellDegrees(5) / cellDegrees(6)).toBeCloseTo(2);
  });

  it('reads a bounding box as west,south,east,north and refuses anything else', () => {
    expect(bboxSchema.parse('-71.2,42.2,-70.9,42.5')).toEqual({ west: -71.2, south: 42.2, east: -70.9, north: 42.5 });
    for (const bad of ['1,2,3', '0,50,10,40', '-181,0,0,1', '1e1,0,2,1', '', 'a,b,c,d'])
      expect(bboxSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('spaces requests through a gate at least its interval after the previous one finished', async () => {
    vi.useFakeTimers();
    try {
      const gate = new RequestGate(1000);
      const passed: number[] = [];
      for (const n of [0, 1, 2]) void gate.run(async () => void passed.push(n));
      await vi.advanceTimersByTimeAsync(0);
      expect(passed).toEqual([0]);
      await vi.advanceTimersByTimeAsync(999);
      expect(passed).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      expect(passed).toEqual([0, 1]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(passed).toEqual([0, 1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
  it("counts a gate's interval from when the previous request finished, not from when it was sent", async () => {
    vi.useFakeTimers();
    try {
      const gate = new RequestGate(1000);
      const started: number[] = [];
      const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
      for (const n of [0, 1])
        void gate.run(async () => {
          started.push(n);
          await slow();
        });
      await vi.advanceTimersByTimeAsync(1599);
      expect(started).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual([0, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('listing wizard rules (docs/product.md#validation)', () => {
  const filled = {
    ...EMPTY_LISTING,
    title: 'Room',
    spaceType: 'Laboratory',
    description: 'A lab',
    address: '1 Main St',
    city: 'Boston',
    state: 'MA',
    zipCode: '02108',
    amenities: ['Wi-Fi' as const],
    equipment: ['Autoclave' as const],
    pricePerDay: '10',
  };

  it('gates each step on its own fields', () => {
    expect(isStepValid(0, filled)).toBe(true);
    expect(isStepValid(0, { ...filled, spaceType: '' })).toBe(false);
    expect(isStepValid(0, { ...filled, capacity: '0' })).toBe(false);
    expect(isStepValid(1, { ...filled, zipCode: '' })).toBe(false);
    // The state is a USPS code, as the server wants it (the wizard's select).
    expect(isStepValid(1, { ...filled, state: 'Massachusetts' })).toBe(false);
    expect(stepErrors(1, { ...filled, state: 'XX' }).state).toBe('Enter a US state code (e.g. TX).');
    // Equipment is optional; an amenity is not.
    expect(isStepValid(2, { ...filled, equipment: [] })).toBe(true);
    expect(isStepValid(2, { ...filled, amenities: [] })).toBe(false);
    expect(isStepValid(3, filled)).toBe(true);
    expect(isStepValid(3, { ...filled, pricePerDay: '0' })).toBe(false);
    expect(isStepValid(3, { ...filled, pricePerDay: '10.999' })).toBe(false);
    expect(isStepValid(3, { ...filled, availableFrom: '2026-05-02', availableTo: '2026-05-01' })).toBe(false);
  });

  it('opens a listing saved with a state name on its code, and one with no known state on an empty choice', () => {
    const saved = {
      ...toPayload(filled),
      id: 'x',
      ownerId: 'y',
      latitude: null,
      longitude: null,
      pricePerDay: '10.00',
    } as unknown as Parameters<typeof fromSpace>[0];
    expect(fromSpace({ ...saved, state: 'Massachusetts' }).state).toBe('MA');
    expect(fromSpace({ ...saved, state: 'ma' }).state).toBe('MA');
    expect(fromSpace({ ...saved, state: 'Atlantis' }).state).toBe('');
  });

  it('sends the pin only when the owner moved it', () => {
    expect(toPayload({ ...filled, latitude: 42, longitude: -71, pinned: false })).toMatchObject({ latitude: null, longitude: null });
    expect(toPayload({ ...filled, latitude: 42, longitude: -71, pinned: true })).toMatchObject({ latitude: 42, longitude: -71 });
  });
});
