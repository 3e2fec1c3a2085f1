import type { CountryCode } from '@giving/shared/countries';
import type { Motif } from './artwork';

/** Demo content for NZ and AU: believable charities, each with gifts at real-world prices (cents). */
export interface SeedGift {
  productUrl: string;
  title: string;
  description: string;
  priceCents: number;
  motif: Motif;
  isActive?: boolean;
}

export interface SeedCharity {
  charityUrl: string;
  name: string;
  country: CountryCode;
  colour: string;
  description: string;
  causes: string[];
  registrationNumber: string;
  /** An approved donee organisation (nz) or deductible gift recipient (au): what receipts may say about tax. */
  taxApproved: boolean;
  website: string;
  location: string;
  gifts: SeedGift[];
}

export const CHARITIES: SeedCharity[] = [
  {
    charityUrl: 'kiwi-coast-rescue',
    name: 'Kiwi Coast Rescue',
    country: 'nz',
    colour: '#2f6b4f',
    description:
      'We protect wild kiwi across 150 kilometres of Northland coastline. Our volunteers run trap lines, raise chicks in safe crèches and return them to the wild once they are big enough to fight off stoats.',
    causes: ['Conservation', 'Native wildlife'],
    registrationNumber: 'CC54021',
    taxApproved: true,
    website: 'https://kiwicoastrescue.org.nz',
    location: 'Whangārei, Northland',
    gifts: [
      { productUrl: 'feed-a-kiwi-chick', title: 'Feed a kiwi chick for a week', description: 'Worms, grubs and a specially mixed diet keep a growing chick healthy in our crèche until it reaches a safe weight of one kilogram.', priceCents: 2500, motif: 'leaf' },
      { productUrl: 'buy-a-predator-trap', title: 'Buy a predator trap', description: 'One DOC 200 trap protects about a hectare of kiwi habitat from stoats and rats for years.', priceCents: 6000, motif: 'star' },
      { productUrl: 'night-of-kiwi-monitoring', title: 'Fund a night of kiwi monitoring', description: 'Our rangers listen for calls and check transmitters overnight to count breeding pairs and find new nests.', priceCents: 12000, motif: 'wave' },
      { productUrl: 'where-it-is-needed-most', title: 'Where it is needed most', description: 'Let our team put your gift where it will do the most good this season.', priceCents: 0, motif: 'heart' },
    ],
  },
  {
    charityUrl: 'harbour-city-food-bank',
    name: 'Harbour City Food Bank',
    country: 'nz',
    colour: '#b5502c',
    description:
      'Harbour City Food Bank packs emergency food parcels for Wellington families, five days a week. Every parcel is put together by volunteers with fresh produce from local growers.',
    causes: ['Hunger relief', 'Families'],
    registrationNumber: 'CC21877',
    taxApproved: true,
    website: 'https://harbourcityfoodbank.org.nz',
    location: 'Wellington',
    gifts: [
      { productUrl: 'family-food-parcel', title: 'Fill a family food parcel', description: 'Staples, fresh vegetables and breakfast food for a family of four for a week.', priceCents: 4500, motif: 'bowl' },
      { productUrl: 'breakfast-for-a-class', title: 'Breakfast for a school class', description: 'Cereal, milk and fruit so thirty children start the school day ready to learn.', priceCents: 3000, motif: 'star' },
      { productUrl: 'fresh-fruit-shelf', title: 'Stock the fresh fruit shelf', description: 'Seasonal fruit from Horowhenua growers for the families who visit us each day.', priceCents: 1500, motif: 'leaf' },
    ],
  },
  {
    charityUrl: 'nga-rakau-forest-trust',
    name: 'Ngā Rākau Native Forest Trust',
    country: 'nz',
    colour: '#3c5a2a',
    description:
      'With local hapū and schools we are restoring native forest on retired farmland in the Waikato, planting totara, kahikatea and harakeke along streams to bring back birds and clean water.',
    causes: ['Conservation', 'Climate'],
    registrationNumber: 'CC60455',
    taxApproved: true,
    website: 'https://ngarakau.org.nz',
    location: 'Raglan, Waikato',
    gifts: [
      { productUrl: 'plant-ten-seedlings', title: 'Plant 10 native seedlings', description: 'Ten eco-sourced seedlings, planted by students at a community planting day.', priceCents: 2000, motif: 'leaf', isActive: false },
      { productUrl: 'fence-a-stream-bank', title: 'Fence 5 metres of stream bank', description: 'Fencing keeps stock out of waterways so new plantings can take hold and the water runs clear.', priceCents: 7500, motif: 'wave' },
    ],
  },
  {
    charityUrl: 'paw-pals-animal-rescue',
    name: 'Paw Pals Animal Rescue',
    country: 'nz',
    colour: '#7a4b9a',
    description:
      'Paw Pals rescues, rehabilitates and rehomes abandoned cats and dogs in Canterbury. Our foster network looks after more than 300 animals every year.',
    causes: ['Animal welfare'],
    registrationNumber: 'CC38190',
    taxApproved: true,
    website: 'https://pawpals.org.nz',
    location: 'Christchurch',
    gifts: [
      { productUrl: 'vaccinate-a-puppy', title: 'Vaccinate a rescued puppy', description: 'A full course of vaccinations and a health check before adoption.', priceCents: 4000, motif: 'paw' },
      { productUrl: 'warm-bed-for-a-cat', title: 'A warm bed for a shelter cat', description: 'Bedding, a heat pad and a scratching post for a cat waiting for a home.', priceCents: 3500, motif: 'heart' },
    ],
  },
  {
    charityUrl: 'reef-guardians-australia',
    name: 'Reef Guardians Australia',
    country: 'au',
    colour: '#1f6f8b',
    description:
      'Reef Guardians grows heat-tolerant coral and trains divers to replant damaged sections of the Great Barrier Reef off Cairns, working alongside Traditional Owners.',
    causes: ['Oceans', 'Conservation'],
    registrationNumber: 'ABN 51 824 753 556',
    taxApproved: true,
    website: 'https://reefguardians.org.au',
    location: 'Cairns, Queensland',
    gifts: [
      { productUrl: 'grow-a-coral-fragment', title: 'Grow a coral fragment', description: 'A coral fragment raised in our nursery and planted back on the reef.', priceCents: 3000, motif: 'wave' },
      { productUrl: 'reef-clean-up-dive', title: 'Sponsor a reef clean-up dive', description: 'A team of volunteer divers removes fishing line and plastic from a reef site.', priceCents: 9500, motif: 'star' },
      { productUrl: 'tag-a-sea-turtle', title: 'Tag a sea turtle', description: 'A satellite tag that tells us where green turtles feed and nest.', priceCents: 20000, motif: 'leaf' },
    ],
  },
  {
    charityUrl: 'outback-flying-books',
    name: 'Outback Flying Books',
    country: 'au',
    colour: '#b7791f',
    description:
      'We fly books and librarians to remote schools and communities across the Northern Territory, so every child can choose a book they love.',
    causes: ['Education', 'Remote communities'],
    registrationNumber: 'ABN 73 611 204 998',
    taxApproved: false,
    website: 'https://flyingbooks.org.au',
    location: 'Alice Springs, Northern Territory',
    gifts: [
      { productUrl: 'book-bundle', title: 'Send a book bundle to a remote school', description: 'Twenty new picture books and readers chosen with local teachers.', priceCents: 2500, motif: 'book' },
      { productUrl: 'fly-a-librarian', title: 'Fly a librarian to a community', description: 'A day of story time, library lending and reading help in a remote community.', priceCents: 25000, motif: 'star' },
    ],
  },
  {
    charityUrl: 'sydney-street-meals',
    name: 'Sydney Street Meals',
    country: 'au',
    colour: '#c2410c',
    description:
      'Every night of the year our volunteers serve hot meals and a friendly word to people sleeping rough in inner Sydney.',
    causes: ['Homelessness', 'Hunger relief'],
    registrationNumber: 'ABN 20 547 118 302',
    taxApproved: true,
    website: 'https://streetmeals.org.au',
    location: 'Sydney, New South Wales',
    gifts: [
      { productUrl: 'serve-a-hot-meal', title: 'Serve a hot meal', description: 'A hot, nourishing dinner served from our van.', priceCents: 1200, motif: 'bowl' },
      { productUrl: 'hygiene-kit', title: 'Give a hygiene kit', description: 'Soap, toothpaste, a toothbrush, socks and a towel.', priceCents: 2000, motif: 'heart' },
      { productUrl: 'winter-swag', title: 'A winter swag', description: 'A waterproof swag with a warm sleeping bag for the coldest months.', priceCents: 8500, motif: 'star' },
    ],
  },
  {
    charityUrl: 'bushfire-wildlife-carers',
    name: 'Bushfire Wildlife Carers',
    country: 'au',
    colour: '#9a3412',
    description:
      'Our carers rescue and rehabilitate koalas, wombats and possums injured in bushfires and on roads across the Blue Mountains.',
    causes: ['Native wildlife', 'Animal welfare'],
    registrationNumber: 'ABN 88 403 229 671',
    taxApproved: true,
    website: 'https://bushfirewildlife.org.au',
    location: 'Katoomba, New South Wales',
    gifts: [
      { productUrl: 'care-for-a-koala', title: 'Care for an injured koala for a day', description: 'Fresh eucalyptus, vet checks and burns dressings for a koala in care.', priceCents: 5000, motif: 'leaf' },
      { productUrl: 'possum-nest-box', title: 'Build a possum nest box', description: 'A nest box that gives released possums a safe place to sleep.', priceCents: 4000, motif: 'paw' },
    ],
  },
];

export const DEMO_PASSWORD = 'Koha-demo-2026!';

export type DemoRole = 'donor' | 'workplaceMember' | 'workplaceAdmin' | 'charityAdmin' | 'contentAdmin' | 'backOffice';

export const DEMO_USERS: { role: DemoRole; label: string; email: string; givenName: string; familyName: string; adminRoles: string[] }[] = [
  { role: 'donor', label: 'Donor', email: 'dana.donor@demo.koha.nz', givenName: 'Dana', familyName: 'Whitfield', adminRoles: [] },
  { role: 'workplaceMember', label: 'Workplace member (permanent employee)', email: 'wiremu.parata@tasman-engineering.co.nz', givenName: 'Wiremu', familyName: 'Parata', adminRoles: [] },
  { role: 'workplaceAdmin', label: 'Workplace admin', email: 'grace.liu@tasman-engineering.co.nz', givenName: 'Grace', familyName: 'Liu', adminRoles: [] },
  { role: 'charityAdmin', label: 'Charity admin (Kiwi Coast Rescue)', email: 'sam.tane@kiwicoastrescue.org.nz', givenName: 'Sam', familyName: 'Tane', adminRoles: [] },
  { role: 'contentAdmin', label: 'Content admin (Tasman Engineering)', email: 'casey.brown@tasman-engineering.co.nz', givenName: 'Casey', familyName: 'Brown', adminRoles: [] },
  { role: 'backOffice', label: 'Back-office administrator', email: 'alex.morgan@koha.nz', givenName: 'Alex', familyName: 'Morgan', adminRoles: ['Administrator'] },
];

export const WORKPLACE = {
  name: 'Tasman Engineering',
  country: 'nz' as CountryCode,
  businessUnits: ['Auckland', 'Wellington', 'Christchurch'],
  /** Each demo user's place in the workplace: its roles there and employment type. */
  members: {
    workplaceMember: { roles: ['WorkplaceGiver.Employee'], employmentType: 'Permanent', businessUnit: 'Wellington' },
    workplaceAdmin: { roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'], employmentType: 'Permanent', businessUnit: 'Auckland' },
    contentAdmin: { roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.ContentAdmin'], employmentType: 'Permanent', businessUnit: 'Auckland' },
  } as Partial<Record<DemoRole, { roles: string[]; employmentType: string; businessUnit: string }>>,
};

export const CHARITY_ADMIN_OF = { charityAdmin: 'kiwi-coast-rescue' } as Partial<Record<DemoRole, string>>;
