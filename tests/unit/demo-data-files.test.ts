/**
 * The demo data files (src/server/seed/data/*.json): each loader's schema accepts the file as it
 * is and rejects a malformed edit with an error naming the file and the path of the bad field,
 * so a slip in the data stops the seed instead of seeding odd spaces.
 */
import { describe, expect, it } from 'vitest';
import cities from '../../src/server/seed/data/cities.json' with { type: 'json' };
import reports from '../../src/server/seed/data/reports.json' with { type: 'json' };
import reviews from '../../src/server/seed/data/reviews.json' with { type: 'json' };
import spaceText from '../../src/server/seed/data/space-text.json' with { type: 'json' };
import spaceTypes from '../../src/server/seed/data/space-types.json' with { type: 'json' };
import users from '../../src/server/seed/data/users.json' with { type: 'json' };
import { parseDataFile } from '../../src/server/seed/data-file';
import { DEMO_CITIES, demoCitiesSchema } from '../../src/server/seed/demo-cities';
import { demoReportsFileSchema } from '../../src/server/seed/demo-reports';
import { demoReviewTextSchema } from '../../src/server/seed/demo-reviews';
import { EQUIPMENT_SENTENCES, spaceTextSchema, typeProfilesSchema } from '../../src/server/seed/demo-text';
import { demoUserSeedsSchema } from '../../src/server/seed/demo-users';

/** A deep copy of `data` changed by `edit`, as a newcomer's slip would change the file. */
function edited<T>(data: T, edit: (copy: T) => void): T {
  const copy = structuredClone(data);
  edit(copy);
  return copy;
}

describe('demo data files', () => {
  it('load as they are', () => {
    expect(() => parseDataFile('cities.json', demoCitiesSchema, cities)).not.toThrow();
    expect(() => parseDataFile('space-types.json', typeProfilesSchema, spaceTypes)).not.toThrow();
    expect(() => parseDataFile('space-text.json', spaceTextSchema, spaceText)).not.toThrow();
    expect(() => parseDataFile('users.json', demoUserSeedsSchema, users)).not.toThrow();
    expect(() => parseDataFile('reviews.json', demoReviewTextSchema, reviews)).not.toThrow();
    expect(() => parseDataFile('reports.json', demoReportsFileSchema, reports)).not.toThrow();
    expect(DEMO_CITIES[0]?.neighbourhoods[1]).toEqual({ zip: '10021', name: 'Upper East Side', the: true, on: true });
  });

  it('reject a city with a 3-letter state, naming the file and the field', () => {
    const bad = edited(cities, (copy) => {
      copy[3]!.state = 'TEX';
    });
    expect(() => parseDataFile('cities.json', demoCitiesSchema, bad)).toThrow(
      /src\/server\/seed\/data\/cities\.json is malformed:[\s\S]*two-letter USPS state code[\s\S]*at \[3\]\.state/,
    );
  });

  it('reject a neighbourhood ZIP that is not five digits and a misspelt field', () => {
    const bad = edited(cities, (copy) => {
      copy[0]!.neighbourhoods[2]!.zip = '1002';
      Object.assign(copy[1]!, { stretes: [] });
    });
    const error = (() => {
      try {
        parseDataFile('cities.json', demoCitiesSchema, bad);
      } catch (caught) {
        return String(caught);
      }
      return 'no error';
    })();
    expect(error).toMatch(/at \[0\]\.neighbourhoods\[2\]\.zip/);
    expect(error).toMatch(/Unrecognized key: "stretes"[\s\S]*at \[1\]/);
  });

  it('reject unknown equipment and an image the type does not have', () => {
    const unknown = edited(spaceTypes, (copy) => {
      Object.assign(copy['Dental Suite'].flavors[0]!.extra, { 'Laser Cutter': 0.5 });
    });
    expect(() => parseDataFile('space-types.json', typeProfilesSchema, unknown)).toThrow(
      /Unrecognized key: "Laser Cutter"[\s\S]*at \["Dental Suite"\]\.flavors\[0\]\.extra/,
    );
    const image = edited(spaceTypes, (copy) => {
      copy.Laboratory.flavors[1]!.image = 'laboratory-9';
    });
    expect(() => parseDataFile('space-types.json', typeProfilesSchema, image)).toThrow(
      /not one of the type's images[\s\S]*at Laboratory\.flavors\[1\]\.image/,
    );
  });

  it('reject a sentence template without its {list} and fill the ones with it', () => {
    const bad = edited(spaceText, (copy) => {
      copy.amenitySentences[2] = 'Extras include a lot.';
    });
    expect(() => parseDataFile('space-text.json', spaceTextSchema, bad)).toThrow(/\{list\} placeholder[\s\S]*at amenitySentences\[2\]/);
    expect(EQUIPMENT_SENTENCES[0]!('an autoclave and $& a defibrillator')).toBe(
      'It comes equipped with an autoclave and $& a defibrillator.',
    );
  });

  it('reject a second user with the same key and a phone number outside 555-01xx', () => {
    const bad = edited(users, (copy) => {
      copy[2]!.key = 'sarah.chen';
      copy[3]!.phone = '(206) 867-5309';
    });
    const run = () => parseDataFile('users.json', demoUserSeedsSchema, bad);
    expect(run).toThrow(/a second user sarah\.chen[\s\S]*at \[2\]\.key/);
    expect(run).toThrow(/555-01xx range[\s\S]*at \[3\]\.phone/);
  });

  it('reject a rating dealt with no comments for it, and a reviewer who is not a demo user', () => {
    const bad = edited(reviews, (copy) => {
      copy.renterRatings[1] = 1;
      copy.reviewers[4] = 'daniel.reyez';
    });
    const run = () => parseDataFile('reviews.json', demoReviewTextSchema, bad);
    expect(run).toThrow(/no renterComments for 1 stars[\s\S]*at renterRatings\[1\]/);
    expect(run).toThrow(/other than owner, renter and admin[\s\S]*at reviewers\[4\]/);
  });

  it('reject a report that names an unknown user', () => {
    const bad = edited(reports, (copy) => {
      copy.reports[2]!.target = { type: 'user', userKey: 'nobody' };
    });
    expect(() => parseDataFile('reports.json', demoReportsFileSchema, bad)).toThrow(/demo user[\s\S]*at reports\[2\]\.target\.userKey/);
  });
});
