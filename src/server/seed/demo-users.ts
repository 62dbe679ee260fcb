/**
 * The demo accounts (seed data). All of them share one password; the
 * documented accounts are `owner@demo.clinicshare.test`,
 * `renter@demo.clinicshare.test` and the operator `admin@demo.clinicshare.test`. Phone numbers use the fictional 555-01xx range.
 */
export interface DemoUser {
  key: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  specialty: string | null;
  userType: 'lister' | 'renter' | 'both';
  bio: string | null;
  phone: string | null;
  licenseNumber: string | null;
  verified: boolean;
  /** `admin` for the demo operator (`admin@demo.clinicshare.test`), who may open the console; else `user`. */
  role: 'user' | 'admin';
}

/** The password of every demo account. */
export const DEMO_PASSWORD = 'clinicshare-demo';

const DOMAIN = 'demo.clinicshare.test';

type UserSeed = Omit<DemoUser, 'email' | 'password' | 'role'> & { email?: string; role?: DemoUser['role'] };

const seeds: UserSeed[] = [
  {
    key: 'owner',
    email: `owner@${DOMAIN}`,
    firstName: 'Jordan',
    lastName: 'Avery',
    specialty: 'Family Medicine',
    userType: 'both',
    bio: 'Family physician and co-owner of a small group of outpatient clinics. I rent out our rooms on the days we are not seeing patients, and book space elsewhere when I cover satellite clinics.',
    phone: '(312) 555-0142',
    licenseNumber: 'IL-036-118274',
    verified: true,
  },
  {
    key: 'sarah.chen',
    firstName: 'Sarah',
    lastName: 'Chen',
    specialty: 'Dentistry',
    userType: 'lister',
    bio: 'General dentist in Boston for 14 years. Our practice runs four operatories, and we share the ones we do not need with visiting dentists and hygienists.',
    phone: '(617) 555-0118',
    licenseNumber: 'MA-DN-27914',
    verified: true,
  },
  {
    key: 'marcus.johnson',
    firstName: 'Marcus',
    lastName: 'Johnson',
    specialty: 'Orthopedics',
    userType: 'lister',
    bio: 'Orthopedic surgeon and medical director of an ambulatory surgery center. We open our procedure rooms to credentialed surgeons on weekdays and some Saturdays.',
    phone: '(713) 555-0163',
    licenseNumber: 'TX-Q4471',
    verified: true,
  },
  {
    key: 'priya.patel',
    firstName: 'Priya',
    lastName: 'Patel',
    specialty: 'Radiology',
    userType: 'both',
    bio: 'Diagnostic radiologist. I manage scheduling for two outpatient imaging centers and list their scanner time when our own lists are light.',
    phone: '(206) 555-0127',
    licenseNumber: 'WA-MD60829143',
    verified: true,
  },
  {
    key: 'david.goldberg',
    firstName: 'David',
    lastName: 'Goldberg',
    specialty: 'Internal Medicine',
    userType: 'lister',
    bio: 'Internist and owner of a medical office building with a mix of exam and consultation rooms. Happy to show the space before you book.',
    phone: '(212) 555-0190',
    licenseNumber: 'NY-MD-284517',
    verified: true,
  },
  {
    key: 'elena.rodriguez',
    firstName: 'Elena',
    lastName: 'Rodriguez',
    specialty: 'Physical Therapy',
    userType: 'lister',
    bio: 'Doctor of Physical Therapy running three rehab studios. Our gyms are free most evenings and weekends for PTs, OTs and chiropractors.',
    phone: '(305) 555-0175',
    licenseNumber: 'FL-PT31982',
    verified: true,
  },
  {
    key: 'james.okafor',
    firstName: 'James',
    lastName: 'Okafor',
    specialty: 'Pathology',
    userType: 'lister',
    bio: 'Clinical pathologist and lab director. We rent bench space and draw stations to practices that need lab work without building their own.',
    phone: '(404) 555-0136',
    licenseNumber: 'GA-071523',
    verified: true,
  },
  {
    key: 'emily.nguyen',
    firstName: 'Emily',
    lastName: 'Nguyen',
    specialty: 'Dermatology',
    userType: 'both',
    bio: 'Board-certified dermatologist. I list our procedure and exam rooms on my days off and book hourly space when I see patients across town.',
    phone: '(415) 555-0153',
    licenseNumber: 'CA-A148823',
    verified: true,
  },
  {
    key: 'robert.kim',
    firstName: 'Robert',
    lastName: 'Kim',
    specialty: 'Oral Surgery',
    userType: 'lister',
    bio: 'Oral and maxillofacial surgeon. We share our surgical suites and dental operatories with specialists who need a fully equipped room a few days a month.',
    phone: '(303) 555-0181',
    licenseNumber: 'CO-DDS.0012874',
    verified: false,
  },
  {
    key: 'angela.martinez',
    firstName: 'Angela',
    lastName: 'Martinez',
    specialty: 'Pediatrics',
    userType: 'lister',
    bio: 'Pediatrician with a busy family clinic. Our exam rooms are bright, child-friendly and available on Fridays and weekends.',
    phone: '(602) 555-0109',
    licenseNumber: 'AZ-MD-41297',
    verified: true,
  },
  {
    key: 'renter',
    email: `renter@${DOMAIN}`,
    firstName: 'Taylor',
    lastName: 'Brooks',
    specialty: 'Psychology',
    userType: 'renter',
    bio: 'Licensed clinical psychologist building a private practice. I book quiet consultation rooms by the hour in a few neighbourhoods.',
    phone: '(503) 555-0144',
    licenseNumber: 'OR-PSY-2318',
    verified: true,
  },
  {
    key: 'michael.thompson',
    firstName: 'Michael',
    lastName: 'Thompson',
    specialty: 'Chiropractic',
    userType: 'renter',
    bio: 'Chiropractor seeing patients two days a week in rented rehab rooms.',
    phone: '(512) 555-0122',
    licenseNumber: 'TX-DC-10482',
    verified: true,
  },
  {
    key: 'aisha.williams',
    firstName: 'Aisha',
    lastName: 'Williams',
    specialty: 'Counseling',
    userType: 'renter',
    bio: 'Licensed professional counselor focused on anxiety and life transitions.',
    phone: '(704) 555-0167',
    licenseNumber: 'NC-LPC-9027',
    verified: false,
  },
  {
    key: 'kevin.obrien',
    firstName: 'Kevin',
    lastName: "O'Brien",
    specialty: 'Podiatry',
    userType: 'renter',
    bio: 'Podiatrist covering satellite clinics around the Twin Cities.',
    phone: '(612) 555-0131',
    licenseNumber: 'MN-DPM-1146',
    verified: true,
  },
  {
    key: 'laura.bennett',
    firstName: 'Laura',
    lastName: 'Bennett',
    specialty: 'Nutrition and Dietetics',
    userType: 'both',
    bio: 'Registered dietitian. I rent consult rooms for my clients and list my own office on the days I work from home.',
    phone: '(615) 555-0158',
    licenseNumber: 'TN-RD-4413',
    verified: true,
  },
  {
    key: 'daniel.reyes',
    firstName: 'Daniel',
    lastName: 'Reyes',
    specialty: null,
    userType: 'renter',
    bio: null,
    phone: null,
    licenseNumber: null,
    verified: false,
  },
  {
    // The demo operator: opens the console at /admin (docs/decisions/029-operators-and-the-audit-log.md).
    key: 'admin',
    email: `admin@${DOMAIN}`,
    firstName: 'Robin',
    lastName: 'Okafor',
    specialty: null,
    userType: 'renter',
    bio: null,
    phone: null,
    licenseNumber: null,
    verified: false,
    role: 'admin',
  },
];

/** The demo accounts, owners first. */
export const demoUsers: DemoUser[] = seeds.map(({ email, role, ...user }) => ({
  ...user,
  role: role ?? 'user',
  email: email ?? `${user.key}@${DOMAIN}`,
  password: DEMO_PASSWORD,
}));

/** Keys of the demo users who own spaces (userType lister or both), in a fixed order. */
export const DEMO_OWNER_KEYS: string[] = demoUsers.filter((user) => user.userType !== 'renter').map((user) => user.key);
