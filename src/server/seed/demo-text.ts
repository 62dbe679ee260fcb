/**
 * Word lists and per-type profiles the demo spaces are composed from
 * (demo-data.ts). Everything here is plain data; the choices are made by the
 * seeded generator so every run gives the same spaces.
 */
import type { Amenity, Equipment, PricingPeriod, SpaceType } from '../../shared/constants';

/** A kind of space within a type: its title noun, the equipment it always has and the specialties it suits. */
export interface Flavor {
  noun: string;
  core: Equipment[];
  /** Extra equipment and the chance of each. */
  extra: Array<[Equipment, number]>;
  specialties: string[];
  /** Preferred first illustration (file name without extension). */
  image?: string;
  /** Multiplier on the type's price range (an ultrasound room costs less than an MRI suite). */
  priceFactor?: number;
}

export interface TypeRule {
  text: string;
  /** Only used when the space has this equipment. */
  needs?: Equipment;
}

export interface TypeProfile {
  flavors: Flavor[];
  /** Chance of each amenity (missing ones use {@link BASE_AMENITY_CHANCE}). */
  amenities: Partial<Record<Amenity, number>>;
  capacity: [number, number];
  /** Price range in dollars per period, before the city's cost level. */
  price: Record<PricingPeriod, [number, number]>;
  buildings: string[];
  adjectives: string[];
  rules: TypeRule[];
  /** Illustrations of this type (file names without extension) and shared ones that suit it. */
  images: string[];
  sharedImages: string[];
}

export const BASE_AMENITY_CHANCE: Record<Amenity, number> = {
  'Wi-Fi': 0.92,
  Parking: 0.55,
  'Reception Area': 0.5,
  'Sterilization Room': 0,
  'Private Entrance': 0.25,
  'Staff Lounge': 0.3,
  'Recovery Room': 0,
  'Waiting Area': 0.55,
  'Air Conditioning': 0.8,
  Heating: 0.7,
  'Natural Light': 0.45,
  'Security System': 0.4,
};

export const TYPE_PROFILES: Record<SpaceType, TypeProfile> = {
  'Dental Suite': {
    flavors: [
      {
        noun: 'Dental Suite',
        core: ['Dental Chairs', 'Autoclave'],
        extra: [
          ['Digital X-Ray', 0.85],
          ['Ultrasonic Cleaner', 0.75],
          ['Medical Equipment Cart', 0.3],
        ],
        specialties: ['Dentistry', 'Prosthodontics', 'Endodontics'],
      },
      {
        noun: 'Two-Chair Dental Suite',
        core: ['Dental Chairs', 'Autoclave', 'Digital X-Ray'],
        extra: [
          ['Ultrasonic Cleaner', 0.8],
          ['Medical Equipment Cart', 0.3],
        ],
        specialties: ['Dentistry', 'Periodontics'],
        image: 'dental-suite-2',
      },
      {
        noun: 'Orthodontic Suite',
        core: ['Dental Chairs', 'Digital X-Ray'],
        extra: [
          ['Autoclave', 0.8],
          ['Ultrasonic Cleaner', 0.6],
        ],
        specialties: ['Orthodontics'],
        image: 'dental-suite-2',
      },
      {
        noun: 'Pediatric Dental Suite',
        core: ['Dental Chairs', 'Autoclave'],
        extra: [
          ['Digital X-Ray', 0.8],
          ['Ultrasonic Cleaner', 0.6],
        ],
        specialties: ['Pediatric Dentistry'],
        image: 'dental-suite-1',
      },
      {
        noun: 'Dental Operatory',
        core: ['Dental Chairs', 'Ultrasonic Cleaner'],
        extra: [
          ['Autoclave', 0.7],
          ['Digital X-Ray', 0.7],
          ['Monitoring Systems', 0.25],
        ],
        specialties: ['Endodontics', 'Oral Surgery', 'Periodontics', 'Dentistry'],
        image: 'dental-suite-1',
      },
    ],
    amenities: { 'Sterilization Room': 0.9, 'Reception Area': 0.75, 'Waiting Area': 0.75, Parking: 0.6 },
    capacity: [2, 6],
    price: { hourly: [60, 150], daily: [400, 900], monthly: [4500, 9500], session: [210, 525] },
    buildings: [
      'medical office building',
      'professional plaza',
      'dental office building',
      'renovated brick building',
      'mixed-use building',
    ],
    adjectives: ['Turnkey', 'Fully Equipped', 'Spotless', 'Well-Appointed'],
    rules: [
      { text: 'Run a full autoclave cycle before you leave.', needs: 'Autoclave' },
      { text: 'Bring your own handpieces and burs; the suite supplies the rest.' },
      { text: 'Flush the dental unit waterlines at the start of each day and log any issues.', needs: 'Dental Chairs' },
      { text: 'Wear a dosimetry badge when taking radiographs.', needs: 'Digital X-Ray' },
    ],
    images: ['dental-suite-1', 'dental-suite-2'],
    sharedImages: ['reception-area', 'sterilization-room'],
  },
  'Consultation Room': {
    flavors: [
      {
        noun: 'Consultation Room',
        core: [],
        extra: [
          ['Examination Table', 0.5],
          ['Medical Equipment Cart', 0.4],
          ['EKG Machine', 0.1],
        ],
        specialties: ['Internal Medicine', 'Family Medicine', 'Endocrinology', 'Geriatrics'],
      },
      {
        noun: 'Therapy Office',
        core: [],
        extra: [['Medical Equipment Cart', 0.25]],
        specialties: ['Psychology', 'Counseling', 'Psychiatry'],
        image: 'consultation-room-2',
      },
      {
        noun: 'Consult Office',
        core: [],
        extra: [
          ['Examination Table', 0.6],
          ['Medical Equipment Cart', 0.4],
        ],
        specialties: ['Nutrition and Dietetics', 'Endocrinology', 'Allergy and Immunology', 'Oncology'],
        image: 'consultation-room-1',
      },
      {
        noun: 'Telehealth & Consult Room',
        core: [],
        extra: [
          ['Medical Equipment Cart', 0.4],
          ['Examination Table', 0.3],
        ],
        specialties: ['Psychiatry', 'Neurology', 'Infectious Disease', 'Internal Medicine'],
        image: 'consultation-room-1',
      },
      {
        noun: 'Counseling Suite',
        core: [],
        extra: [['Medical Equipment Cart', 0.2]],
        specialties: ['Counseling', 'Psychology', 'Speech Therapy'],
        image: 'consultation-room-2',
      },
    ],
    amenities: { 'Natural Light': 0.7, 'Private Entrance': 0.4, 'Waiting Area': 0.65, 'Reception Area': 0.45 },
    capacity: [1, 4],
    price: { hourly: [25, 60], daily: [150, 350], monthly: [2000, 4500], session: [90, 210] },
    buildings: ['professional building', 'converted brownstone', 'medical office building', 'quiet office building', 'mixed-use building'],
    adjectives: ['Cozy', 'Private', 'Soundproofed', 'Peaceful'],
    rules: [
      { text: 'Keep the door closed during sessions; the room is soundproofed but the hallway is shared.' },
      { text: 'No procedures or injections in this room.' },
      { text: 'Please reset the furniture and lower the blinds when you leave.' },
    ],
    images: ['consultation-room-1', 'consultation-room-2'],
    sharedImages: ['reception-area'],
  },
  'Surgical Suite': {
    flavors: [
      {
        noun: 'Surgical Suite',
        core: ['Operating Table', 'Surgical Lights', 'Monitoring Systems'],
        extra: [
          ['Anesthesia Machine', 0.85],
          ['Defibrillator', 0.85],
          ['Ventilator', 0.5],
          ['Autoclave', 0.5],
          ['Medical Equipment Cart', 0.5],
        ],
        specialties: ['Surgery', 'General Practice', 'Vascular Surgery', 'Colorectal Surgery'],
      },
      {
        noun: 'Ambulatory Surgery Suite',
        core: ['Operating Table', 'Surgical Lights', 'Anesthesia Machine', 'Monitoring Systems'],
        extra: [
          ['Defibrillator', 0.9],
          ['Ventilator', 0.6],
          ['Ultrasound Machine', 0.25],
          ['Medical Equipment Cart', 0.5],
        ],
        specialties: ['Orthopedics', 'Plastic Surgery', 'Otolaryngology (ENT)', 'Anesthesiology'],
        image: 'surgical-suite-1',
      },
      {
        noun: 'Procedure Room',
        priceFactor: 0.65,
        core: ['Operating Table', 'Surgical Lights'],
        extra: [
          ['Monitoring Systems', 0.8],
          ['Defibrillator', 0.7],
          ['Autoclave', 0.5],
          ['Medical Equipment Cart', 0.6],
        ],
        specialties: ['Dermatology', 'Pain Management', 'Podiatry', 'Urology', 'Wound Care'],
        image: 'surgical-suite-2',
      },
      {
        noun: 'Endoscopy Suite',
        priceFactor: 0.85,
        core: ['Operating Table', 'Monitoring Systems'],
        extra: [
          ['Surgical Lights', 0.6],
          ['Anesthesia Machine', 0.6],
          ['Defibrillator', 0.8],
          ['Ultrasonic Cleaner', 0.6],
        ],
        specialties: ['Gastroenterology', 'Colorectal Surgery', 'Pulmonology'],
        image: 'surgical-suite-2',
      },
      {
        noun: 'Minor Procedure OR',
        priceFactor: 0.75,
        core: ['Operating Table', 'Surgical Lights', 'Monitoring Systems'],
        extra: [
          ['Anesthesia Machine', 0.5],
          ['Defibrillator', 0.8],
          ['Autoclave', 0.6],
        ],
        specialties: ['Ophthalmology', 'Plastic Surgery', 'Oral Surgery', 'Neurosurgery'],
        image: 'surgical-suite-1',
      },
    ],
    amenities: {
      'Sterilization Room': 0.9,
      'Recovery Room': 0.9,
      'Staff Lounge': 0.6,
      'Security System': 0.7,
      'Natural Light': 0.15,
      'Private Entrance': 0.3,
      'Waiting Area': 0.7,
    },
    capacity: [4, 12],
    price: { hourly: [250, 600], daily: [1500, 4000], monthly: [15000, 32000], session: [875, 2100] },
    buildings: [
      'ambulatory surgery center',
      'outpatient surgery center',
      'hospital-affiliated outpatient pavilion',
      'medical office tower',
    ],
    adjectives: ['Turnkey', 'Fully Equipped', 'State-of-the-Art', 'Accreditation-Ready'],
    rules: [
      { text: 'Only credentialed surgeons with current hospital privileges may book.' },
      { text: 'Any sedation requires an anesthesia provider in the room.', needs: 'Anesthesia Machine' },
      { text: 'Leave used instruments in the decontamination area; our staff handle terminal cleaning.' },
      { text: 'Sharps in the sharps containers only.' },
    ],
    images: ['surgical-suite-1', 'surgical-suite-2'],
    sharedImages: ['sterilization-room', 'reception-area'],
  },
  'Examination Room': {
    flavors: [
      {
        noun: 'Exam Room',
        core: ['Examination Table'],
        extra: [
          ['Medical Equipment Cart', 0.7],
          ['EKG Machine', 0.4],
          ['Defibrillator', 0.2],
          ['Autoclave', 0.15],
        ],
        specialties: ['Family Medicine', 'General Practice', 'Internal Medicine', 'Geriatrics'],
      },
      {
        noun: 'Examination Room',
        core: ['Examination Table', 'Medical Equipment Cart'],
        extra: [
          ['EKG Machine', 0.5],
          ['Ultrasound Machine', 0.2],
          ['Defibrillator', 0.25],
        ],
        specialties: ['Internal Medicine', 'Rheumatology', 'Nephrology', 'Hematology'],
        image: 'examination-room-1',
      },
      {
        noun: 'Pediatric Exam Room',
        core: ['Examination Table'],
        extra: [
          ['Medical Equipment Cart', 0.7],
          ['EKG Machine', 0.2],
        ],
        specialties: ['Pediatrics'],
        image: 'examination-room-2',
      },
      {
        noun: 'Cardiology Exam Room',
        core: ['Examination Table', 'EKG Machine'],
        extra: [
          ['Ultrasound Machine', 0.5],
          ['Defibrillator', 0.6],
          ['Monitoring Systems', 0.4],
        ],
        specialties: ['Cardiology', 'Pulmonology'],
        image: 'examination-room-1',
      },
      {
        noun: "Women's Health Exam Room",
        core: ['Examination Table', 'Ultrasound Machine'],
        extra: [
          ['Medical Equipment Cart', 0.6],
          ['Autoclave', 0.3],
        ],
        specialties: ['Obstetrics and Gynecology', 'Endocrinology'],
        image: 'examination-room-2',
      },
      {
        noun: 'Dermatology Exam Room',
        core: ['Examination Table'],
        extra: [
          ['Medical Equipment Cart', 0.7],
          ['Autoclave', 0.4],
        ],
        specialties: ['Dermatology', 'Plastic Surgery', 'Wound Care'],
      },
      {
        noun: 'Urgent Care Exam Room',
        core: ['Examination Table', 'Medical Equipment Cart'],
        extra: [
          ['EKG Machine', 0.6],
          ['Defibrillator', 0.7],
          ['Digital X-Ray', 0.3],
        ],
        specialties: ['Urgent Care', 'Emergency Medicine', 'Podiatry', 'Audiology', 'Optometry'],
      },
    ],
    amenities: { 'Sterilization Room': 0.15, 'Waiting Area': 0.7, 'Reception Area': 0.6 },
    capacity: [1, 4],
    price: { hourly: [35, 80], daily: [200, 450], monthly: [2500, 5500], session: [120, 280] },
    buildings: [
      'medical office building',
      'professional plaza',
      'community health building',
      'outpatient clinic building',
      'mixed-use building',
    ],
    adjectives: ['Clean', 'Practical', 'Well-Stocked', 'Ready-to-Use'],
    rules: [
      { text: 'Change the table paper and wipe down the table between patients.', needs: 'Examination Table' },
      { text: 'Sharps go in the wall-mounted containers only.' },
      { text: 'Restock the supply cart from the storage closet if you use the last of anything.', needs: 'Medical Equipment Cart' },
    ],
    images: ['examination-room-1', 'examination-room-2'],
    sharedImages: ['reception-area'],
  },
  'Physical Therapy Room': {
    flavors: [
      {
        noun: 'Physical Therapy Studio',
        core: ['Examination Table', 'Treatment Table', 'Exercise Equipment', 'Electrotherapy Unit'],
        extra: [
          ['Medical Equipment Cart', 0.4],
          ['Ultrasound Machine', 0.35],
          ['Defibrillator', 0.2],
        ],
        specialties: ['Physical Therapy', 'Physical Medicine and Rehabilitation'],
      },
      {
        noun: 'Sports Rehab Gym',
        core: ['Examination Table', 'Parallel Bars', 'Exercise Equipment'],
        extra: [
          ['Ultrasound Machine', 0.5],
          ['Medical Equipment Cart', 0.4],
          ['Defibrillator', 0.35],
        ],
        specialties: ['Sports Medicine', 'Physical Therapy', 'Orthopedics'],
        image: 'physical-therapy-room-1',
      },
      {
        noun: 'Occupational Therapy Room',
        core: ['Examination Table', 'Treatment Table'],
        extra: [['Medical Equipment Cart', 0.5]],
        specialties: ['Occupational Therapy', 'Speech Therapy'],
        image: 'physical-therapy-room-2',
      },
      {
        noun: 'Chiropractic & Rehab Room',
        core: ['Examination Table', 'Treatment Table', 'Electrotherapy Unit'],
        extra: [
          ['Digital X-Ray', 0.25],
          ['Ultrasound Machine', 0.3],
          ['Medical Equipment Cart', 0.3],
        ],
        specialties: ['Chiropractic', 'Pain Management', 'Acupuncture'],
        image: 'physical-therapy-room-2',
      },
      {
        noun: 'Massage & Recovery Room',
        priceFactor: 0.85,
        core: ['Examination Table', 'Treatment Table'],
        extra: [['Medical Equipment Cart', 0.3]],
        specialties: ['Massage Therapy', 'Acupuncture', 'Physical Therapy'],
        image: 'physical-therapy-room-2',
      },
    ],
    amenities: { 'Natural Light': 0.65, Parking: 0.7, 'Staff Lounge': 0.35, 'Waiting Area': 0.6 },
    capacity: [2, 10],
    price: { hourly: [30, 75], daily: [180, 400], monthly: [2500, 5000], session: [105, 260] },
    buildings: ['wellness center', 'medical office building', 'converted warehouse', 'sports medicine center', 'retail plaza'],
    adjectives: ['Open-Plan', 'Airy', 'Spacious', 'High-Ceilinged'],
    rules: [
      { text: 'Wipe down mats, bars and equipment after each session.' },
      { text: 'Clean indoor shoes only on the gym floor.' },
      { text: 'Return weights, bands and balls to the racks.' },
    ],
    images: ['physical-therapy-room-1', 'physical-therapy-room-2'],
    sharedImages: ['reception-area'],
  },
  Laboratory: {
    flavors: [
      {
        noun: 'Clinical Laboratory',
        core: ['Autoclave'],
        extra: [
          ['Ultrasonic Cleaner', 0.6],
          ['Medical Equipment Cart', 0.5],
          ['Defibrillator', 0.15],
        ],
        specialties: ['Pathology', 'Hematology', 'Infectious Disease'],
      },
      {
        noun: 'Phlebotomy & Lab Space',
        core: ['Medical Equipment Cart'],
        extra: [
          ['Autoclave', 0.6],
          ['EKG Machine', 0.35],
          ['Examination Table', 0.4],
        ],
        specialties: ['Internal Medicine', 'Endocrinology', 'Hematology', 'Nephrology'],
        image: 'laboratory-2',
      },
      {
        noun: 'Allergy Testing Lab',
        core: ['Medical Equipment Cart', 'Examination Table'],
        extra: [
          ['Autoclave', 0.4],
          ['Defibrillator', 0.5],
        ],
        specialties: ['Allergy and Immunology'],
        image: 'laboratory-2',
      },
      {
        noun: 'Dental Lab',
        priceFactor: 0.8,
        core: ['Autoclave', 'Ultrasonic Cleaner'],
        extra: [['Medical Equipment Cart', 0.4]],
        specialties: ['Prosthodontics', 'Orthodontics', 'Dentistry'],
        image: 'laboratory-1',
      },
      {
        noun: 'Sleep & Diagnostics Lab',
        priceFactor: 0.85,
        core: ['EKG Machine', 'Monitoring Systems'],
        extra: [
          ['Examination Table', 0.6],
          ['Medical Equipment Cart', 0.5],
          ['Defibrillator', 0.4],
        ],
        specialties: ['Pulmonology', 'Neurology', 'Cardiology'],
        image: 'laboratory-1',
      },
    ],
    amenities: { 'Sterilization Room': 0.5, 'Security System': 0.75, 'Waiting Area': 0.3, 'Reception Area': 0.35, 'Natural Light': 0.3 },
    capacity: [2, 8],
    price: { hourly: [50, 120], daily: [300, 700], monthly: [3500, 8000], session: [175, 420] },
    buildings: ['life-science building', 'medical office building', 'research park building', 'outpatient center'],
    adjectives: ['Compact', 'Well-Ventilated', 'CLIA-Ready', 'Bright'],
    rules: [
      { text: 'Label all specimens and take them with you by the end of your booking.' },
      { text: 'Follow the posted BSL-2 procedures at all times.' },
      { text: 'Log reagent and consumable use on the shared inventory sheet.' },
      { text: 'Run the autoclave log after every cycle.', needs: 'Autoclave' },
    ],
    images: ['laboratory-1', 'laboratory-2'],
    sharedImages: ['sterilization-room'],
  },
  'Radiology Suite': {
    flavors: [
      {
        noun: 'MRI Suite',
        priceFactor: 1.05,
        core: ['MRI Machine', 'Monitoring Systems'],
        extra: [
          ['Medical Equipment Cart', 0.5],
          ['Defibrillator', 0.6],
        ],
        specialties: ['Radiology', 'Neurology', 'Orthopedics'],
        image: 'radiology-suite-1',
      },
      {
        noun: 'CT & X-Ray Suite',
        priceFactor: 0.9,
        core: ['CT Scanner', 'Digital X-Ray'],
        extra: [
          ['Monitoring Systems', 0.6],
          ['Defibrillator', 0.6],
          ['Medical Equipment Cart', 0.4],
        ],
        specialties: ['Radiology', 'Emergency Medicine'],
        image: 'radiology-suite-2',
      },
      {
        noun: 'Ultrasound Suite',
        priceFactor: 0.45,
        core: ['Ultrasound Machine', 'Examination Table'],
        extra: [
          ['Medical Equipment Cart', 0.6],
          ['Monitoring Systems', 0.3],
        ],
        specialties: ['Radiology', 'Obstetrics and Gynecology', 'Vascular Surgery', 'Cardiology'],
        image: 'radiology-suite-3',
      },
      {
        noun: 'X-Ray Room',
        priceFactor: 0.5,
        core: ['Digital X-Ray'],
        extra: [
          ['Examination Table', 0.6],
          ['Medical Equipment Cart', 0.4],
        ],
        specialties: ['Radiology', 'Orthopedics', 'Podiatry', 'Chiropractic'],
        image: 'radiology-suite-2',
      },
      {
        noun: 'Imaging Suite',
        priceFactor: 0.7,
        core: ['Digital X-Ray', 'Ultrasound Machine'],
        extra: [
          ['CT Scanner', 0.4],
          ['Monitoring Systems', 0.5],
          ['Examination Table', 0.5],
        ],
        specialties: ['Radiology', 'Oncology', 'Rheumatology'],
      },
    ],
    amenities: { 'Waiting Area': 0.8, 'Reception Area': 0.8, 'Recovery Room': 0.2, 'Security System': 0.65, 'Natural Light': 0.15 },
    capacity: [2, 6],
    price: { hourly: [200, 500], daily: [1200, 3500], monthly: [12000, 30000], session: [700, 1750] },
    buildings: ['outpatient imaging center', 'medical office building', 'diagnostic center', 'hospital-affiliated outpatient pavilion'],
    adjectives: ['Shielded', 'Fully Equipped', 'Modern', 'Patient-Friendly'],
    rules: [
      { text: 'Only licensed technologists may operate the imaging equipment.' },
      { text: 'Screen every patient with the MRI safety questionnaire; no ferrous objects past zone III.', needs: 'MRI Machine' },
      { text: 'Wear a dosimetry badge in the X-ray room and keep the lead door closed during exposures.', needs: 'Digital X-Ray' },
      { text: 'Upload studies to the shared PACS before you leave; nothing is kept on the workstations.' },
    ],
    images: ['radiology-suite-1', 'radiology-suite-2', 'radiology-suite-3'],
    sharedImages: ['reception-area'],
  },
};

/** Adjectives that fit any space; the light ones are used only where there is natural light. */
export const GENERAL_ADJECTIVES = ['Modern', 'Quiet', 'Renovated', 'Boutique', 'Calm', 'Corner', 'Newly Built', 'Contemporary', 'Spacious'];
/** Only for ground-floor spaces. */
export const GROUND_FLOOR_ADJECTIVES = ['Street-Level', 'Ground-Floor'];
export const LIGHT_ADJECTIVES = ['Sunlit', 'Light-Filled', 'Bright', 'Airy'];

export const COMMON_RULES: Array<{ text: string; needs?: Amenity }> = [
  { text: 'No food in clinical areas.' },
  { text: 'Leave the room as you found it.' },
  { text: 'Biohazard waste in the marked bins only.' },
  { text: 'Check in with the front desk when you arrive.', needs: 'Reception Area' },
  { text: 'No smoking or vaping anywhere on the property.' },
  { text: 'Send a copy of your malpractice insurance before your first booking.' },
  { text: 'Wipe down surfaces with the provided disinfectant after each patient.' },
  { text: 'Lock up and return the key fob to the lockbox when you leave.' },
  { text: 'Keep noise down in the hallway; other practices share the floor.' },
  { text: 'Park only in the spaces marked for visiting clinicians.', needs: 'Parking' },
];

/**
 * The owners' cancellation notes, by pricing period: what renters should know beyond the listing's refund
 * tier, which the space page prints first. A note never restates a refund rule (a second rule beside the
 * tier would be the policy twice, and a wrong one when they differ).
 */
export const CANCELLATION_NOTES: Record<PricingPeriod, string[]> = {
  hourly: [
    'To move a booking rather than cancel it, message us first: another hour the same week is often free.',
    'If you cancel, a message to the front desk lets us give your hour to a clinician on our waiting list.',
    'Running late? Send us a message; the hour cannot run over into the next booking.',
  ],
  daily: [
    'To move a booking rather than cancel it, message us first: another day the same week is often free.',
    'Please cancel through ClinicShare rather than by phone, so the front desk sees it too.',
    'If you cancel, a message lets us offer the day to the clinicians on our waiting list.',
    'If the building closes for weather, we message you the evening before to find another day.',
  ],
  monthly: [
    'Tell us by message as early as you can if your plans change; we keep a waiting list for monthly rooms.',
    'Moving your start date is usually possible: message us before you cancel.',
    'Keys and access cards are returned on your last day, whenever that is.',
  ],
  session: [
    'To swap a morning session for an afternoon one, message us before you cancel.',
    'If you cannot make a session, a message the day before lets us offer it to another clinician.',
  ],
};

/** Equipment in running text. */
export const EQUIPMENT_PROSE: Record<Equipment, string> = {
  'Digital X-Ray': 'digital X-ray',
  'Dental Chairs': 'dental chairs',
  Autoclave: 'an autoclave',
  'Ultrasonic Cleaner': 'an ultrasonic cleaner',
  'Examination Table': 'an examination table',
  'Medical Equipment Cart': 'a stocked medical equipment cart',
  'EKG Machine': 'an EKG machine',
  'Operating Table': 'an operating table',
  'Surgical Lights': 'LED surgical lights',
  'Anesthesia Machine': 'an anesthesia machine',
  'Monitoring Systems': 'patient monitoring systems',
  Defibrillator: 'a defibrillator',
  Ventilator: 'a ventilator',
  'CT Scanner': 'a CT scanner',
  'MRI Machine': 'a 1.5T MRI machine',
  'Ultrasound Machine': 'an ultrasound machine',
  'Treatment Table': 'a height-adjustable treatment table',
  'Parallel Bars': 'parallel bars',
  'Exercise Equipment': 'rehab exercise equipment',
  'Electrotherapy Unit': 'an electrotherapy unit',
};

/** Amenities in running text. */
export const AMENITY_PROSE: Record<Amenity, string> = {
  'Wi-Fi': 'fast Wi-Fi',
  Parking: 'on-site parking',
  'Reception Area': 'a shared reception area',
  'Sterilization Room': 'a dedicated sterilization room',
  'Private Entrance': 'a private entrance',
  'Staff Lounge': 'a staff lounge',
  'Recovery Room': 'a recovery room',
  'Waiting Area': 'a comfortable waiting area',
  'Air Conditioning': 'central air conditioning',
  Heating: 'reliable heating',
  'Natural Light': 'plenty of natural light',
  'Security System': 'a monitored security system',
};

/** Features worth naming in a title, best first, with their title wording. */
export const TITLE_FEATURES: Array<[Amenity | Equipment, string]> = [
  ['MRI Machine', 'MRI'],
  ['CT Scanner', 'CT Scanner'],
  ['Recovery Room', 'Recovery Room'],
  ['Anesthesia Machine', 'Anesthesia Support'],
  ['Digital X-Ray', 'Digital X-Ray'],
  ['Private Entrance', 'Private Entrance'],
  ['Natural Light', 'Natural Light'],
  ['Ultrasound Machine', 'Ultrasound'],
  ['EKG Machine', 'EKG'],
  ['Parking', 'Free Parking'],
  ['Sterilization Room', 'Sterilization Room'],
];

export const PERIOD_TITLE_SUFFIX: Record<PricingPeriod, string[]> = {
  hourly: ['Available by the Hour', 'Hourly Bookings'],
  daily: ['Book by the Day', 'Daily Bookings'],
  monthly: ['Monthly Lease', 'Available Monthly'],
  session: ['Half-Day Sessions', 'Morning & Afternoon Sessions'],
};

export const PERIOD_FIT: Record<PricingPeriod, string[]> = {
  hourly: [
    'a few hours a week without a lease',
    'flexible hours around an existing practice',
    'occasional sessions without long-term overhead',
  ],
  daily: [
    'a dedicated clinic day or two each week',
    'regular clinic days without the cost of a full-time lease',
    'a satellite location a few days a month',
  ],
  monthly: [
    'a longer-term home without a multi-year lease',
    'a second location on a month-to-month basis',
    'a settled base while a permanent office is built out',
  ],
  session: [
    'a regular morning or afternoon clinic each week',
    'half-day sessions on the same weekdays every week',
    'a recurring weekly session without a lease',
  ],
};

export const EQUIPMENT_SENTENCES: Array<(list: string) => string> = [
  (list) => `It comes equipped with ${list}.`,
  (list) => `Equipment includes ${list}, serviced on a regular schedule.`,
  (list) => `You will find ${list} already in place.`,
  (list) => `The room is set up with ${list}.`,
];

export const AMENITY_SENTENCES: Array<(list: string) => string> = [
  (list) => `Renters also get ${list}.`,
  (list) => `The building offers ${list}.`,
  (list) => `Extras include ${list}.`,
  (list) => `Patients and staff benefit from ${list}.`,
];

export const ORDINAL_FLOORS = ['ground', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
