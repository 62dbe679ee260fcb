/**
 * The per-type profiles (data/space-types.json) and word lists (data/space-text.json) the demo
 * spaces are composed from (demo-data.ts). The files are plain data, checked here when they
 * load; the choices are made by the seeded generator so every run gives the same spaces. The
 * order of entries matters: the generator draws through them in turn, so reordering a list
 * changes the demo spaces as surely as editing it.
 */
import { z } from 'zod';
import { AMENITIES, EQUIPMENT, PRICING_PERIODS, SPACE_TYPES, SPECIALTIES, type Equipment } from '../../shared/constants';
import spaceText from './data/space-text.json' with { type: 'json' };
import spaceTypes from './data/space-types.json' with { type: 'json' };
import { parseDataFile } from './data-file';
import { roomFeatureSchema } from '../../shared/schemas/room-features';

const amenitySchema = z.enum(AMENITIES);
const equipmentSchema = z.enum(EQUIPMENT);
const chanceSchema = z.number().min(0).max(1);
const textSchema = z.string().min(1);
const wordsSchema = z.array(textSchema).min(1);
const rangeSchema = z
  .tuple([z.number().nonnegative(), z.number().nonnegative()])
  .refine(([low, high]) => low <= high, 'a [low, high] range with low <= high');
const perPeriod = <T extends z.ZodType>(value: T) => z.record(z.enum(PRICING_PERIODS), value);

/** A sentence template whose `{list}` the generator fills ('It comes equipped with {list}.'). */
const sentenceSchema = textSchema
  .refine((template) => template.includes('{list}'), 'a sentence with a {list} placeholder')
  .transform((template) => (list: string) => template.replaceAll('{list}', () => list));

/** A kind of space within a type: its title noun, the equipment it always has and the specialties it suits. */
export const flavorSchema = z.strictObject({
  noun: textSchema,
  /** Multiplier on the type's price range (an ultrasound room costs less than an MRI suite). */
  priceFactor: z.number().positive().optional(),
  core: z.array(equipmentSchema),
  /** Extra equipment and the chance of each, drawn in the file's order. */
  extra: z.partialRecord(equipmentSchema, chanceSchema).transform((extra) => Object.entries(extra) as Array<[Equipment, number]>),
  specialties: z.array(z.enum(SPECIALTIES)).min(1),
  /** Preferred first illustration (file name without extension, one of the type's `images`). */
  image: textSchema.optional(),
});
export type Flavor = z.infer<typeof flavorSchema>;

export const typeProfileSchema = z
  .strictObject({
    /** Keys of the demo users (data/users.json, listers) who list this type, in turn. */
    owners: wordsSchema,
    flavors: z.array(flavorSchema).min(1),
    /** Chance of each amenity (missing ones use `baseAmenityChance` of space-text.json). */
    amenities: z.partialRecord(amenitySchema, chanceSchema),
    /** Chance of each room feature (missing ones use `baseRoomFeatureChance` of space-text.json). */
    roomFeatures: z.partialRecord(roomFeatureSchema, chanceSchema),
    capacity: rangeSchema,
    /** Price range in dollars per period, before the city's cost level. */
    price: perPeriod(rangeSchema),
    buildings: wordsSchema,
    adjectives: wordsSchema,
    /** House rules of the type; one that `needs` equipment is used only when the space has it. */
    rules: z.array(z.strictObject({ text: textSchema, needs: equipmentSchema.optional() })).min(1),
    /** Illustrations of this type (file names without extension) and shared ones that suit it. */
    images: wordsSchema,
    sharedImages: z.array(textSchema),
  })
  .superRefine((profile, context) => {
    profile.flavors.forEach((flavor, index) => {
      if (flavor.image !== undefined && !profile.images.includes(flavor.image)) {
        context.addIssue({ code: 'custom', message: "not one of the type's images", path: ['flavors', index, 'image'] });
      }
    });
  });
export type TypeProfile = z.infer<typeof typeProfileSchema>;

/** Every space type's profile. */
export const typeProfilesSchema = z.record(z.enum(SPACE_TYPES), typeProfileSchema);

export const spaceTextSchema = z.strictObject({
  /** Chance of each amenity where the type's profile does not say. */
  baseAmenityChance: z.record(amenitySchema, chanceSchema),
  /** Chance of each room feature where the type's profile does not say. */
  baseRoomFeatureChance: z.record(roomFeatureSchema, chanceSchema),
  /** Room features a space always states when it has this amenity or equipment (its private entrance, its autoclave). */
  roomFeatureSources: z.partialRecord(roomFeatureSchema, z.enum([...AMENITIES, ...EQUIPMENT])),
  /** Adjectives that fit any space; the light ones only where there is natural light, the ground-floor ones only there. */
  adjectives: z.strictObject({ general: wordsSchema, groundFloor: wordsSchema, light: wordsSchema }),
  /** House rules of any type; one that `needs` an amenity is used only when the space has it. */
  commonRules: z.array(z.strictObject({ text: textSchema, needs: amenitySchema.optional() })).min(1),
  /**
   * The owners' cancellation notes, by pricing period: what renters should know beyond the listing's refund
   * tier, which the space page prints first. A note never restates a refund rule (a second rule beside the
   * tier would be the policy twice, and a wrong one when they differ).
   */
  cancellationNotes: perPeriod(wordsSchema),
  /** Equipment and amenities in running text. */
  equipmentProse: z.record(equipmentSchema, textSchema),
  amenityProse: z.record(amenitySchema, textSchema),
  /** Features worth naming in a title, best first, with their title wording. */
  titleFeatures: z.array(z.strictObject({ feature: z.enum([...AMENITIES, ...EQUIPMENT]), title: textSchema })),
  periodTitleSuffix: perPeriod(wordsSchema),
  /** What a space priced per period suits ('A good fit for ... that wants <fit>.'). */
  periodFit: perPeriod(wordsSchema),
  equipmentSentences: z.array(sentenceSchema).min(1),
  amenitySentences: z.array(sentenceSchema).min(1),
  /** Floors in running text, from the ground floor up. */
  ordinalFloors: wordsSchema,
  /** Street names for the few addresses not on one of the city's own streets. */
  genericStreets: wordsSchema,
});

export const TYPE_PROFILES = parseDataFile('space-types.json', typeProfilesSchema, spaceTypes);

export const {
  baseAmenityChance: BASE_AMENITY_CHANCE,
  baseRoomFeatureChance: BASE_ROOM_FEATURE_CHANCE,
  roomFeatureSources: ROOM_FEATURE_SOURCES,
  adjectives: { general: GENERAL_ADJECTIVES, groundFloor: GROUND_FLOOR_ADJECTIVES, light: LIGHT_ADJECTIVES },
  commonRules: COMMON_RULES,
  cancellationNotes: CANCELLATION_NOTES,
  equipmentProse: EQUIPMENT_PROSE,
  amenityProse: AMENITY_PROSE,
  titleFeatures: TITLE_FEATURES,
  periodTitleSuffix: PERIOD_TITLE_SUFFIX,
  periodFit: PERIOD_FIT,
  equipmentSentences: EQUIPMENT_SENTENCES,
  amenitySentences: AMENITY_SENTENCES,
  ordinalFloors: ORDINAL_FLOORS,
  genericStreets: GENERIC_STREETS,
} = parseDataFile('space-text.json', spaceTextSchema, spaceText);
