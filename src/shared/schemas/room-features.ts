/**
 * Room features: what a clinician needs to know of a room, stated by its owner as fixed identifiers
 * (never free text), shown on the space page and usable as search filters. The identifiers are what the
 * API, the database's check constraint and the /search URL carry; the labels are what people read.
 * Kept small: the space page's first load brings this module.
 */
import { z } from 'zod';

/** The room features, in the order forms and the space page show them. */
export const ROOM_FEATURES = [
  'lockable_records_storage',
  'sound_privacy',
  'private_entrance',
  'sharps_disposal',
  'autoclave',
  'clia_waived_testing',
  'medically_zoned',
  'ada_accessible',
] as const;
export type RoomFeature = (typeof ROOM_FEATURES)[number];

/** The label of each room feature, as forms and the space page show it. */
export const ROOM_FEATURE_LABELS: Record<RoomFeature, string> = {
  lockable_records_storage: 'Lockable records storage',
  sound_privacy: 'Sound privacy (private walls and door)',
  private_entrance: 'Private entrance',
  sharps_disposal: 'Sharps disposal',
  autoclave: 'Autoclave',
  clia_waived_testing: 'CLIA-waived testing allowed',
  medically_zoned: 'Medically zoned',
  ada_accessible: 'ADA accessible',
};

/** One room feature identifier; anything else is refused, named in the message. */
export const roomFeatureSchema = z.enum(ROOM_FEATURES, { error: (issue) => `Unknown room feature ${JSON.stringify(issue.input)}` });

/** A listing's `features`: room feature identifiers, each at most once. */
export const roomFeaturesSchema = z
  .array(roomFeatureSchema)
  .refine((features) => new Set(features).size === features.length, 'Each room feature can be stated only once');

/**
 * The `features` search parameter: comma-separated (`features=sound_privacy,private_entrance`) or
 * repeated (`features=sound_privacy&features=private_entrance`, which arrives as an array: its text is
 * the same comma-separated list), as the other list filters are; empty parts are dropped, repeats
 * collapse, an unknown identifier is refused. Only spaces having every one of them match.
 */
export const roomFeaturesFilterSchema = z.preprocess(
  (value) =>
    value === undefined
      ? value
      : [
          ...new Set(
            String(value)
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          ),
        ],
  z.array(roomFeatureSchema).optional(),
);
