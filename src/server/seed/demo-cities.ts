/**
 * The cities and neighbourhoods the demo spaces are spread over. Every ZIP
 * code here is a real ZIP of that city; the coordinates are taken from the
 * offline `zipcodes` package at build time (see demo-data.ts), never typed in.
 */

export interface DemoNeighbourhood {
  zip: string;
  /** Display name, e.g. 'Back Bay'. */
  name: string;
  /** Whether the name reads with 'the' in running text ('in the Texas Medical Center'). */
  the?: boolean;
  /** Whether one is 'on' rather than 'in' it ('on the Upper East Side'). */
  on?: boolean;
}

export interface DemoCity {
  city: string;
  /** Two-letter USPS state code. */
  state: string;
  /** Price multiplier for the local cost of space (1 = national average). */
  cost: number;
  /** How many demo spaces the city gets. */
  spaces: number;
  /** Real streets of the city used for plausible addresses. */
  streets: string[];
  neighbourhoods: DemoNeighbourhood[];
}

const n = (zip: string, name: string, the = false, on = false): DemoNeighbourhood => ({
  zip,
  name,
  ...(the ? { the } : {}),
  ...(on ? { on } : {}),
});

export const DEMO_CITIES: DemoCity[] = [
  {
    city: 'New York', state: 'NY', cost: 1.4, spaces: 8,
    streets: ['Lexington Ave', 'Park Ave', 'E 34th St', 'Amsterdam Ave', 'Broadway', 'E 72nd St'],
    neighbourhoods: [n('10016', 'Murray Hill'), n('10021', 'Upper East Side', true, true), n('10024', 'Upper West Side', true, true), n('10003', 'Union Square'), n('10065', 'Lenox Hill')],
  },
  {
    city: 'Los Angeles', state: 'CA', cost: 1.3, spaces: 7,
    streets: ['Wilshire Blvd', 'Beverly Blvd', 'Santa Monica Blvd', 'Vermont Ave', 'Pico Blvd'],
    neighbourhoods: [n('90048', 'Beverly Grove'), n('90024', 'Westwood'), n('90027', 'Los Feliz'), n('90012', 'Downtown LA'), n('90064', 'West LA')],
  },
  {
    city: 'Chicago', state: 'IL', cost: 1.1, spaces: 7,
    streets: ['N Michigan Ave', 'W Fullerton Ave', 'N Clark St', 'W Harrison St', 'N Wells St'],
    neighbourhoods: [n('60611', 'Streeterville'), n('60614', 'Lincoln Park'), n('60657', 'Lakeview'), n('60612', 'Illinois Medical District', true), n('60654', 'River North')],
  },
  {
    city: 'Houston', state: 'TX', cost: 1.0, spaces: 7,
    streets: ['Fannin St', 'Holcombe Blvd', 'Westheimer Rd', 'Kirby Dr', 'Memorial Dr'],
    neighbourhoods: [n('77030', 'Texas Medical Center', true), n('77024', 'Memorial'), n('77098', 'Upper Kirby'), n('77006', 'Montrose'), n('77008', 'Heights', true)],
  },
  {
    city: 'Phoenix', state: 'AZ', cost: 0.95, spaces: 4,
    streets: ['N Central Ave', 'E Camelback Rd', 'N 7th St', 'E Indian School Rd'],
    neighbourhoods: [n('85016', 'Biltmore'), n('85004', 'Downtown Phoenix'), n('85018', 'Arcadia'), n('85013', 'Midtown Phoenix'), n('85020', 'North Central Phoenix')],
  },
  {
    city: 'Philadelphia', state: 'PA', cost: 1.05, spaces: 5,
    streets: ['Walnut St', 'Chestnut St', 'Spruce St', 'Market St', 'Fairmount Ave'],
    neighbourhoods: [n('19103', 'Rittenhouse Square'), n('19104', 'University City'), n('19106', 'Old City'), n('19147', 'Queen Village'), n('19130', 'Fairmount')],
  },
  {
    city: 'San Antonio', state: 'TX', cost: 0.9, spaces: 4,
    streets: ['Medical Dr', 'Wurzbach Rd', 'Broadway', 'Stone Oak Pkwy'],
    neighbourhoods: [n('78229', 'South Texas Medical Center', true), n('78209', 'Alamo Heights'), n('78215', 'Downtown San Antonio'), n('78258', 'Stone Oak')],
  },
  {
    city: 'San Diego', state: 'CA', cost: 1.2, spaces: 4,
    streets: ['University Ave', 'Fifth Ave', 'Camino del Rio N', 'Genesee Ave'],
    neighbourhoods: [n('92103', 'Hillcrest'), n('92108', 'Mission Valley'), n('92122', 'University City'), n('92121', 'Sorrento Valley')],
  },
  {
    city: 'Dallas', state: 'TX', cost: 1.0, spaces: 5,
    streets: ['Harry Hines Blvd', 'McKinney Ave', 'Preston Rd', 'Gaston Ave'],
    neighbourhoods: [n('75235', 'Southwestern Medical District', true), n('75204', 'Uptown Dallas'), n('75230', 'Preston Hollow'), n('75246', 'East Dallas')],
  },
  {
    city: 'Austin', state: 'TX', cost: 1.1, spaces: 4,
    streets: ['Congress Ave', 'Guadalupe St', 'Far West Blvd', 'S Lamar Blvd', 'Red River St'],
    neighbourhoods: [n('78701', 'Downtown Austin'), n('78705', 'West Campus'), n('78731', 'Northwest Hills'), n('78704', 'Zilker')],
  },
  {
    city: 'Seattle', state: 'WA', cost: 1.25, spaces: 5,
    streets: ['Madison St', 'Broadway', 'Westlake Ave N', 'NE 45th St', 'Boren Ave'],
    neighbourhoods: [n('98104', 'First Hill'), n('98122', 'Capitol Hill'), n('98109', 'South Lake Union'), n('98105', 'University District', true), n('98103', 'Fremont')],
  },
  {
    city: 'Denver', state: 'CO', cost: 1.1, spaces: 4,
    streets: ['E 1st Ave', 'E 17th Ave', 'S Downing St', 'Larimer St'],
    neighbourhoods: [n('80206', 'Cherry Creek'), n('80218', 'Uptown Denver'), n('80209', 'Washington Park'), n('80202', 'LoDo')],
  },
  {
    city: 'Boston', state: 'MA', cost: 1.3, spaces: 6,
    streets: ['Boylston St', 'Longwood Ave', 'Cambridge St', 'Tremont St', 'Commonwealth Ave'],
    neighbourhoods: [n('02116', 'Back Bay'), n('02115', 'Longwood Medical Area', true), n('02114', 'Beacon Hill'), n('02118', 'South End', true)],
  },
  {
    city: 'Miami', state: 'FL', cost: 1.15, spaces: 5,
    streets: ['NW 12th Ave', 'Brickell Ave', 'NE 2nd Ave', 'S Bayshore Dr'],
    neighbourhoods: [n('33136', 'Health District', true), n('33131', 'Brickell'), n('33137', 'Design District', true), n('33133', 'Coconut Grove')],
  },
  {
    city: 'Atlanta', state: 'GA', cost: 1.0, spaces: 5,
    streets: ['Peachtree St NE', 'Piedmont Rd NE', 'Clifton Rd NE', 'Ponce de Leon Ave NE', 'N Highland Ave NE'],
    neighbourhoods: [n('30309', 'Midtown Atlanta'), n('30305', 'Buckhead'), n('30322', 'Druid Hills'), n('30308', 'Old Fourth Ward'), n('30306', 'Virginia-Highland')],
  },
  {
    city: 'Nashville', state: 'TN', cost: 0.95, spaces: 4,
    streets: ['Church St', 'West End Ave', '21st Ave S', 'Gallatin Ave'],
    neighbourhoods: [n('37203', 'Midtown Nashville'), n('37205', 'Belle Meade'), n('37212', 'Hillsboro Village'), n('37206', 'East Nashville')],
  },
  {
    city: 'Portland', state: 'OR', cost: 1.05, spaces: 4,
    streets: ['SW Sam Jackson Park Rd', 'NW Lovejoy St', 'SE Hawthorne Blvd', 'NW 23rd Ave'],
    neighbourhoods: [n('97239', 'Marquam Hill'), n('97209', 'Pearl District', true), n('97214', 'Buckman'), n('97210', 'Nob Hill')],
  },
  {
    city: 'Minneapolis', state: 'MN', cost: 1.0, spaces: 4,
    streets: ['Washington Ave SE', 'Nicollet Ave', 'Hennepin Ave', 'N Washington Ave', 'University Ave SE'],
    neighbourhoods: [n('55455', 'Stadium Village'), n('55403', 'Loring Park'), n('55408', 'Uptown Minneapolis'), n('55401', 'North Loop', true), n('55414', 'Dinkytown')],
  },
  {
    city: 'Charlotte', state: 'NC', cost: 0.95, spaces: 4,
    streets: ['Randolph Rd', 'Providence Rd', 'East Blvd', 'S Tryon St'],
    neighbourhoods: [n('28204', 'Elizabeth'), n('28207', 'Myers Park'), n('28203', 'Dilworth'), n('28202', 'Uptown Charlotte')],
  },
  {
    city: 'Columbus', state: 'OH', cost: 0.9, spaces: 4,
    streets: ['W 12th Ave', 'N High St', 'E Broad St', 'S 3rd St'],
    neighbourhoods: [n('43210', 'University District', true), n('43215', 'Downtown Columbus'), n('43201', 'Short North', true), n('43206', 'German Village'), n('43202', 'Clintonville')],
  },
  {
    city: 'Indianapolis', state: 'IN', cost: 0.88, spaces: 4,
    streets: ['N Meridian St', 'Massachusetts Ave', 'E 62nd St', 'W 38th St'],
    neighbourhoods: [n('46202', 'Near Northside', true), n('46204', 'Mass Ave'), n('46220', 'Broad Ripple'), n('46208', 'Butler-Tarkington')],
  },
  {
    city: 'San Francisco', state: 'CA', cost: 1.45, spaces: 6,
    streets: ['Sacramento St', 'Valencia St', '24th St', 'Owens St', 'Geary Blvd', 'California St'],
    neighbourhoods: [n('94115', 'Pacific Heights'), n('94110', 'Mission', true), n('94114', 'Noe Valley'), n('94158', 'Mission Bay'), n('94118', 'Inner Richmond', true)],
  },
  {
    city: 'Detroit', state: 'MI', cost: 0.85, spaces: 4,
    streets: ['Woodward Ave', 'John R St', 'W Grand Blvd', 'E Jefferson Ave'],
    neighbourhoods: [n('48201', 'Midtown Detroit'), n('48226', 'Downtown Detroit'), n('48202', 'New Center'), n('48207', 'Lafayette Park')],
  },
  {
    city: 'Baltimore', state: 'MD', cost: 0.95, spaces: 4,
    streets: ['N Charles St', 'N Wolfe St', 'W 36th St', 'Thames St', 'St Paul St'],
    neighbourhoods: [n('21201', 'Mount Vernon'), n('21205', 'East Baltimore'), n('21211', 'Hampden'), n('21231', 'Fells Point'), n('21218', 'Charles Village')],
  },
  {
    city: 'Salt Lake City', state: 'UT', cost: 0.95, spaces: 4,
    streets: ['E 400 S', 'E South Temple', 'S State St', 'S Highland Dr'],
    neighbourhoods: [n('84102', 'East Central'), n('84103', 'Avenues', true), n('84111', 'Downtown Salt Lake'), n('84106', 'Sugar House')],
  },
  {
    city: 'Kansas City', state: 'MO', cost: 0.85, spaces: 3,
    streets: ['Main St', 'Gillham Rd', 'W 47th St', 'Grand Blvd'],
    neighbourhoods: [n('64111', 'Westport'), n('64108', 'Hospital Hill'), n('64112', 'Country Club Plaza', true), n('64105', 'River Market')],
  },
  {
    city: 'Raleigh', state: 'NC', cost: 0.92, spaces: 4,
    streets: ['Oberlin Rd', 'Six Forks Rd', 'Fayetteville St', 'Glenwood Ave'],
    neighbourhoods: [n('27607', 'Cameron Village'), n('27609', 'North Hills'), n('27601', 'Downtown Raleigh'), n('27605', 'Glenwood South')],
  },
  {
    city: 'Tampa', state: 'FL', cost: 0.95, spaces: 4,
    streets: ['W Swann Ave', 'S MacDill Ave', 'N Franklin St', 'E Fletcher Ave'],
    neighbourhoods: [n('33606', 'Hyde Park'), n('33609', 'Palma Ceia'), n('33602', 'Downtown Tampa'), n('33612', 'University Area', true)],
  },
  {
    city: 'Pittsburgh', state: 'PA', cost: 0.88, spaces: 4,
    streets: ['Fifth Ave', 'Walnut St', 'Liberty Ave', 'Forbes Ave', 'Murray Ave'],
    neighbourhoods: [n('15213', 'Oakland'), n('15232', 'Shadyside'), n('15222', 'Downtown Pittsburgh'), n('15217', 'Squirrel Hill')],
  },
  {
    city: 'St. Louis', state: 'MO', cost: 0.85, spaces: 4,
    streets: ['Euclid Ave', 'Kingshighway Blvd', 'Park Ave', 'Manchester Ave'],
    neighbourhoods: [n('63110', 'Forest Park Southeast'), n('63108', 'Central West End', true), n('63104', 'Lafayette Square'), n('63139', 'Hill', true)],
  },
  {
    city: 'Las Vegas', state: 'NV', cost: 0.95, spaces: 4,
    streets: ['W Charleston Blvd', 'Shadow Ln', 'W Sahara Ave', 'Town Center Dr', 'E Silverado Ranch Blvd'],
    neighbourhoods: [n('89102', 'Las Vegas Medical District', true), n('89146', 'Spring Valley'), n('89144', 'Summerlin'), n('89123', 'Silverado Ranch')],
  },
  {
    city: 'Albuquerque', state: 'NM', cost: 0.82, spaces: 3,
    streets: ['Central Ave NE', 'Lomas Blvd NE', 'Louisiana Blvd NE', 'Montgomery Blvd NE'],
    neighbourhoods: [n('87102', 'Downtown Albuquerque'), n('87106', 'Nob Hill'), n('87110', 'Uptown Albuquerque'), n('87109', 'Northeast Heights', true)],
  },
  {
    city: 'Milwaukee', state: 'WI', cost: 0.85, spaces: 3,
    streets: ['N Prospect Ave', 'W Watertown Plank Rd', 'N Downer Ave', 'S 2nd St'],
    neighbourhoods: [n('53202', 'East Town'), n('53226', 'Milwaukee Regional Medical Center', true), n('53211', 'East Side', true), n('53204', "Walker's Point")],
  },
  {
    city: 'New Orleans', state: 'LA', cost: 0.92, spaces: 4,
    streets: ['Tulane Ave', 'Prytania St', 'Magazine St', 'Canal St', 'S Carrollton Ave'],
    neighbourhoods: [n('70112', 'BioDistrict', true), n('70115', 'Uptown New Orleans'), n('70130', 'Warehouse District', true), n('70119', 'Mid-City'), n('70118', 'Carrollton')],
  },
  {
    city: 'Honolulu', state: 'HI', cost: 1.3, spaces: 4,
    streets: ['S King St', 'Kapiolani Blvd', 'Kalakaua Ave', 'Waialae Ave', 'Punahou St'],
    neighbourhoods: [n('96813', 'Downtown Honolulu'), n('96814', 'Ala Moana'), n('96815', 'Waikiki'), n('96816', 'Kaimuki'), n('96822', 'Manoa')],
  },
  {
    city: 'Anchorage', state: 'AK', cost: 1.15, spaces: 3,
    streets: ['Providence Dr', 'E Tudor Rd', 'W Northern Lights Blvd', 'W 4th Ave'],
    neighbourhoods: [n('99508', 'U-Med District', true), n('99503', 'Midtown Anchorage'), n('99501', 'Downtown Anchorage')],
  },
  {
    city: 'Oklahoma City', state: 'OK', cost: 0.8, spaces: 3,
    streets: ['NE 13th St', 'N Western Ave', 'N Broadway Ave'],
    neighbourhoods: [n('73104', 'Health Sciences Center', true), n('73118', 'Crown Heights'), n('73102', 'Downtown OKC')],
  },
  {
    city: 'Cleveland', state: 'OH', cost: 0.85, spaces: 4,
    streets: ['Euclid Ave', 'Lorain Ave', 'Superior Ave', 'Carnegie Ave'],
    neighbourhoods: [n('44106', 'University Circle'), n('44113', 'Ohio City'), n('44114', 'Downtown Cleveland'), n('44115', 'MidTown Cleveland')],
  },
  {
    city: 'Rochester', state: 'MN', cost: 0.9, spaces: 3,
    streets: ['2nd St SW', 'Broadway Ave S', '1st Ave NW'],
    neighbourhoods: [n('55905', 'Downtown Rochester'), n('55902', 'Kutzky Park'), n('55901', 'Northwest Rochester')],
  },
  {
    city: 'Birmingham', state: 'AL', cost: 0.82, spaces: 3,
    streets: ['University Blvd', '20th St S', '11th Ave S'],
    neighbourhoods: [n('35233', 'Southside'), n('35205', 'Five Points South')],
  },
  {
    city: 'Omaha', state: 'NE', cost: 0.82, spaces: 3,
    streets: ['Leavenworth St', 'Dodge St', 'S 42nd St', 'Pacific St'],
    neighbourhoods: [n('68105', 'Field Club'), n('68106', 'Aksarben'), n('68114', 'West Omaha')],
  },
];
