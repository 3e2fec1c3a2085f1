import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OpportunityTemplate, RecurringSchedule } from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { rosterSpan } from '@giving/shared/recurring-schedule';
import type { CountryCode } from '@giving/shared/countries';
import { dynamoCharityCopy, dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { dynamoApplicationStore } from '../../../../services/volunteering/adapters/dynamo-applications';
import { dynamoOpportunityStore } from '../../../../services/volunteering/adapters/dynamo-opportunities';
import { dynamoReferenceStore } from '../../../../services/volunteering/adapters/dynamo-reference';
import { applicationSession, creditedHours } from '../../../../services/volunteering/domain/applications';
import type { SessionPlan, StoredApplication, StoredInvite, StoredOpportunity } from '../../../../services/volunteering/domain/ports';

/**
 * The volunteering demo, through the volunteering service's own adapters: real opportunity templates; opportunities
 * for Kiwi Coast Rescue and Harbour City Food Bank (specific dates with several sessions in different places, a
 * recurring one, one exclusive to Tasman Engineering, a remote one, one waiting for the back office); and
 * applications so the feed, the consoles and the reports have data. One application from last month is completed:
 * the table stream publishes its hours, which accounts adds to the header's volunteered hours.
 * Volunteering's copies of the charities and of the demo users' roles and names are written at the lowest version, so
 * the accounts events that follow win.
 */

export interface VolunteeringSeedCharity {
  id: string;
  name: string;
  charityUrl: string;
  logoImageUrl: string;
  country: CountryCode;
}

export interface VolunteeringSeedMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  workplaceRoles: string[];
  charityRoles: { charityId: string; roles: string[] }[];
}

export const OPPORTUNITY_TEMPLATES: OpportunityTemplate[] = [
  {
    id: '01KDEM0TMP0000000000000001', // beach clean
    title: 'Beach or river clean-up',
    description: 'Volunteers walk a stretch of coast or river bank in pairs, collecting and sorting litter for recycling. Gloves, bags and grabbers are provided; wear sturdy shoes and bring water.',
    opportunityType: 'UnSkilled',
    skills: [],
    categories: ['Environment', 'Community'],
    suggestedHours: 3,
    suggestedPeople: 20,
    hasSpecificDates: true,
  },
  {
    id: '01KDEM0TMP0000000000000002', // tree planting
    title: 'Community planting day',
    description: 'Plant eco-sourced native seedlings on a restoration site. A team leader shows everyone how to plant; spades and gloves are provided.',
    opportunityType: 'UnSkilled',
    skills: ['Gardening'],
    categories: ['Environment'],
    suggestedHours: 4,
    suggestedPeople: 30,
    hasSpecificDates: true,
  },
  {
    id: '01KDEM0TMP0000000000000003', // food parcels
    title: 'Food parcel packing',
    description: 'Sort donated food, check use-by dates and pack parcels for families referred to the food bank. Closed-toe shoes required.',
    opportunityType: 'UnSkilled',
    skills: [],
    categories: ['Hunger relief', 'Community'],
    suggestedHours: 3,
    suggestedPeople: 8,
    hasSpecificDates: true,
  },
  {
    id: '01KDEM0TMP0000000000000004', // driver
    title: 'Volunteer driver',
    description: 'Drive donated goods or people to appointments on a regular roster. A full licence and a clean driving record are required.',
    opportunityType: 'Skilled',
    skills: ['Driving'],
    categories: ['Community', 'Older people'],
    suggestedHours: 2,
    suggestedPeople: 4,
    hasSpecificDates: false,
  },
  {
    id: '01KDEM0TMP0000000000000005', // mentor
    title: 'Youth mentor',
    description: 'Meet a young person once a week to help with study, goals and confidence. Training and police vetting are provided.',
    opportunityType: 'Skilled',
    skills: ['Mentoring', 'Teaching'],
    categories: ['Children and youth', 'Education'],
    suggestedHours: 1.5,
    suggestedPeople: 10,
    hasSpecificDates: false,
  },
  {
    id: '01KDEM0TMP0000000000000006', // skilled remote
    title: 'Remote skilled volunteer',
    description: 'Lend professional skills (writing, design, IT or marketing) from home on a project the charity scopes with you.',
    opportunityType: 'Skilled',
    skills: ['Writing', 'Design', 'Marketing'],
    categories: ['Community'],
    suggestedHours: 2,
    suggestedPeople: 2,
    hasSpecificDates: false,
  },
];

const DAY = 24 * 60 * 60 * 1000;
const NGUNGURU = { suburb: 'Ngunguru', lat: -35.6217, lon: 174.5036 };
const WHANGAREI = { suburb: 'Whangārei', lat: -35.7251, lon: 174.3237 };
const TUTUKAKA = { suburb: 'Tutukaka', lat: -35.6133, lon: 174.5333 };
const WELLINGTON = { suburb: 'Te Aro, Wellington', address: '52 Tory Street', lat: -41.2951, lon: 174.7786 };

export async function seedVolunteering(
  client: DynamoDBDocumentClient,
  tableName: string,
  seed: { charities: VolunteeringSeedCharity[]; workplace: { id: string; name: string }; members: Map<string, VolunteeringSeedMember>; now: Date },
) {
  const version = '0'.repeat(40);
  const charityCopy = dynamoCharityCopy(client, tableName);
  const roles = dynamoTenantRoleCopy(client, tableName);
  const opportunities = dynamoOpportunityStore(client, tableName);
  const applications = dynamoApplicationStore(client, tableName);
  const reference = dynamoReferenceStore(client, tableName);

  for (const charity of seed.charities) await charityCopy.save({ ...charity, isActive: true, version });
  const memberNames = dynamoMemberNameCopy(client, tableName);
  for (const member of seed.members.values()) {
    await memberNames.save({ memberId: member.id, firstName: member.firstName, lastName: member.lastName, version });
    if (member.workplaceRoles.length) {
      await roles.saveWorkplaceMembership({ memberId: member.id, workplaceId: seed.workplace.id, workplaceName: seed.workplace.name, roles: member.workplaceRoles, version });
    }
    for (const { charityId, roles: charityRoles } of member.charityRoles) await roles.saveCharityMembership({ memberId: member.id, charityId, roles: charityRoles, version });
  }
  for (const template of OPPORTUNITY_TEMPLATES) await reference.putTemplate(template);

  const charity = (url: string) => {
    const found = seed.charities.find((c) => c.charityUrl === url);
    if (!found) throw new Error(`no seeded charity ${url}`);
    return found;
  };
  const at = (days: number, hour: number) => {
    const day = new Date(seed.now.getTime() + days * DAY);
    day.setUTCHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const session = (days: number, startHour: number, hours: number, requiredPeople: number, location?: SessionPlan['location'], specific = true): SessionPlan => ({
    id: newId(),
    startsAt: at(days, startHour),
    endsAt: new Date(Date.parse(at(days, startHour)) + hours * 60 * 60 * 1000).toISOString(),
    ...(specific ? { sessionTotalHours: hours } : {}),
    requiredPeople,
    ...(location ? { location } : {}),
  });
  const created = seed.now.toISOString();
  const opportunity = (fields: Omit<StoredOpportunity, 'id' | 'charity' | 'country' | 'sdgs' | 'createdBy' | 'createdAt' | 'updatedAt' | 'revision' | 'contentStatus' | 'isOnline'> & { charityUrl: string; contentStatus?: StoredOpportunity['contentStatus'] }): StoredOpportunity => {
    const { charityUrl, contentStatus, ...rest } = fields;
    const owner = charity(charityUrl);
    return {
      ...rest,
      id: newId(),
      charity: { id: owner.id, name: owner.name, charityUrl: owner.charityUrl, logoImageUrl: owner.logoImageUrl },
      country: owner.country,
      sdgs: [],
      contentStatus: contentStatus ?? 'Live',
      isOnline: true,
      createdBy: 'seed',
      createdAt: created,
      updatedAt: created,
      revision: 1,
    };
  };
  /** A recurring role's one session, its roster, spans its schedule exactly as the service works it out. */
  const roster = (schedule: RecurringSchedule, country: CountryCode, requiredPeople: number): SessionPlan => {
    const span = rosterSpan(schedule, COUNTRY_TIME_ZONES[country]);
    if (!span) throw new Error('a seeded schedule that never meets');
    return { id: newId(), ...span, requiredPeople };
  };
  const localDate = (days: number) => localDay(new Date(seed.now.getTime() + days * DAY), COUNTRY_TIME_ZONES.nz);
  // Saturday mornings from a fortnight ago for six months, on Whangārei's clock (daylight saving included).
  const trapLineSchedule: RecurringSchedule = { frequency: 'Weekly', daysOfWeek: ['Saturday'], startTime: '08:00', endTime: '11:00', startDate: localDate(-14), endDate: localDate(180), hoursPerSession: 3 };
  // The first Tuesday evening of each month, from this month on, with no end date.
  const grantWritingSchedule: RecurringSchedule = { frequency: 'Monthly', daysOfWeek: ['Tuesday'], startTime: '18:00', endTime: '20:00', startDate: `${localDate(0).slice(0, 8)}01`, hoursPerSession: 2 };
  const kiwiImage = charity('kiwi-coast-rescue').logoImageUrl;
  const foodImage = charity('harbour-city-food-bank').logoImageUrl;

  const chickWeighIn = opportunity({
    charityUrl: 'kiwi-coast-rescue',
    title: 'Kiwi crèche chick weigh-in',
    description: 'Help our rangers catch, weigh and health-check kiwi chicks in the predator-free crèche. You will record weights, refill feeding stations and learn how chicks are prepared for release.',
    opportunityUrl: 'kiwi-creche-chick-weigh-in',
    opportunityType: 'UnSkilled',
    imageUrl: kiwiImage,
    skills: ['Animal care'],
    categories: ['Animals', 'Environment'],
    isRemote: false,
    location: NGUNGURU,
    hasSpecificDates: true,
    allowTeams: true,
    maxTeamSize: 6,
    contactEmail: 'sam.tane@kiwicoastrescue.org.nz',
    sessions: [session(7, 20, 3, 12, NGUNGURU), session(14, 20, 3, 12, TUTUKAKA), session(21, 20, 3, 12, NGUNGURU)],
  });
  const trapLine = opportunity({
    charityUrl: 'kiwi-coast-rescue',
    title: 'Saturday trap line walker',
    description: 'Walk one of our 6 km trap lines each Saturday morning, checking and re-baiting DOC 200 traps and recording catches in the Trap.NZ app.',
    opportunityUrl: 'saturday-trap-line-walker',
    opportunityType: 'UnSkilled',
    imageUrl: kiwiImage,
    skills: ['Gardening'],
    categories: ['Environment', 'Animals'],
    isRemote: false,
    location: WHANGAREI,
    hasSpecificDates: false,
    recurringSchedule: trapLineSchedule,
    allowTeams: false,
    contactEmail: 'sam.tane@kiwicoastrescue.org.nz',
    sessions: [roster(trapLineSchedule, 'nz', 15)],
  });
  const tasmanDay = opportunity({
    charityUrl: 'kiwi-coast-rescue',
    title: 'Tasman Engineering conservation day',
    description: 'A team day for Tasman Engineering staff: build and install predator trap boxes along the Ngunguru estuary with our rangers. Lunch provided.',
    opportunityUrl: 'tasman-engineering-conservation-day',
    opportunityType: 'UnSkilled',
    imageUrl: kiwiImage,
    skills: ['Carpentry'],
    categories: ['Environment', 'Community'],
    isRemote: false,
    location: NGUNGURU,
    hasSpecificDates: true,
    exclusiveCorporateId: seed.workplace.id,
    fee: { amount: { cents: 25_000, currency: 'NZD' }, feeType: 'PerTeam' },
    allowTeams: true,
    maxTeamSize: 10,
    contactEmail: 'sam.tane@kiwicoastrescue.org.nz',
    sessions: [session(10, 19, 6, 20, NGUNGURU)],
  });
  const callCount = opportunity({
    charityUrl: 'kiwi-coast-rescue',
    title: 'Kiwi call count night',
    description: 'Sit quietly at a listening post for two hours after dusk and record every kiwi call you hear, for our annual population survey.',
    opportunityUrl: 'kiwi-call-count-night',
    opportunityType: 'UnSkilled',
    imageUrl: kiwiImage,
    skills: [],
    categories: ['Animals'],
    isRemote: false,
    location: TUTUKAKA,
    hasSpecificDates: true,
    allowTeams: false,
    contactEmail: 'sam.tane@kiwicoastrescue.org.nz',
    contentStatus: 'Proposed',
    sessions: [session(30, 7, 2, 10, TUTUKAKA)],
  });
  const grantWriting = opportunity({
    charityUrl: 'harbour-city-food-bank',
    title: 'Remote grant writer',
    description: 'Help us write two funding applications a month from home. We share the funder guidelines and our numbers; you shape them into a strong case.',
    opportunityUrl: 'remote-grant-writer',
    opportunityType: 'Skilled',
    imageUrl: foodImage,
    skills: ['Writing', 'Fundraising'],
    categories: ['Hunger relief'],
    isRemote: true,
    hasSpecificDates: false,
    recurringSchedule: grantWritingSchedule,
    allowTeams: false,
    contactEmail: 'volunteers@harbourcityfoodbank.org.nz',
    sessions: [roster(grantWritingSchedule, 'nz', 3)],
  });
  const packing = opportunity({
    charityUrl: 'harbour-city-food-bank',
    title: 'Food parcel packing shift',
    description: 'Sort donated food and pack parcels for Wellington families. Shifts run in our Tory Street warehouse; closed-toe shoes required.',
    opportunityUrl: 'food-parcel-packing-shift',
    opportunityType: 'UnSkilled',
    imageUrl: foodImage,
    skills: [],
    categories: ['Hunger relief', 'Community'],
    isRemote: false,
    location: WELLINGTON,
    hasSpecificDates: true,
    fee: { amount: { cents: 1_000, currency: 'NZD' }, feeType: 'PerPerson' },
    allowTeams: true,
    maxTeamSize: 4,
    contactEmail: 'volunteers@harbourcityfoodbank.org.nz',
    sessions: [session(-20, 21, 3, 8), session(5, 21, 3, 8), session(12, 21, 3, 8)],
  });

  const all = [chickWeighIn, trapLine, tasmanDay, callCount, grantWriting, packing];
  for (const o of all) {
    const outcome = await opportunities.create(
      o,
      o.sessions.map((plan) => ({ ...plan, opportunityId: o.id, charityId: o.charity.id, placesTaken: 0, remaining: plan.requiredPeople })),
    );
    if (outcome !== 'created') throw new Error(`seeding ${o.title}: ${outcome}`);
  }

  const member = (role: string) => {
    const found = seed.members.get(role);
    if (!found) throw new Error(`no seeded member ${role}`);
    return found;
  };
  let applied = 0;
  const apply = async (o: StoredOpportunity, sessionIndex: number, role: string, team?: { name: string; members: string[] }, createdDaysAgo = 1) => {
    const who = member(role);
    const plan = o.sessions[sessionIndex] as SessionPlan;
    const createdAt = new Date(seed.now.getTime() - createdDaysAgo * DAY).toISOString();
    const application: StoredApplication = {
      id: newId(Date.parse(createdAt)),
      applicationType: team ? 'Team' : 'Individual',
      status: 'Applied',
      opportunityId: o.id,
      opportunityTitle: o.title,
      opportunityUrl: o.opportunityUrl,
      imageUrl: o.imageUrl,
      charity: o.charity,
      country: o.country,
      sessionId: plan.id,
      session: applicationSession(o, plan, new Date(createdAt)).session,
      applicant: { memberId: who.id, email: who.email, firstName: who.firstName, lastName: who.lastName },
      applicantWorkplaces: who.workplaceRoles.length ? [{ workplaceId: seed.workplace.id, workplaceName: seed.workplace.name }] : [],
      seats: 1 + (team?.members.length ?? 0),
      ...(team ? { teamName: team.name } : {}),
      ...(o.fee ? { fee: o.fee } : {}),
      ...(o.recurringSchedule ? { hoursPerSession: o.recurringSchedule.hoursPerSession } : {}),
      createdAt,
      updatedAt: createdAt,
      revision: 1,
    };
    const invites: StoredInvite[] = (team?.members ?? []).map((email) => ({ applicationId: application.id, email, responseStatus: 'AwaitingResponse', invitedAt: createdAt }));
    const feed = {
      id: application.id,
      country: o.country,
      charityName: o.charity.name,
      charityUrl: o.charity.charityUrl,
      opportunityTitle: o.title,
      opportunityUrl: o.opportunityUrl,
      applicationType: application.applicationType,
      seats: application.seats,
      createdOn: createdAt,
    };
    // Applications for last month's session are written as of then (its session had not ended).
    const outcome = await applications.apply(application, invites, feed, createdAt);
    if (outcome.outcome !== 'applied') throw new Error(`seeding an application to ${o.title}: ${outcome.outcome}`);
    applied++;
    return { application, invites };
  };

  // Dana and Wiremu for the chick weigh-in; Wiremu's Tasman team for the exclusive day; Grace and Casey packing food.
  await apply(chickWeighIn, 0, 'donor', undefined, 3);
  const wiremu = await apply(chickWeighIn, 1, 'workplaceMember', undefined, 2);
  await apply(tasmanDay, 0, 'workplaceMember', { name: 'Tasman Trappers', members: [member('workplaceAdmin').email, member('contentAdmin').email] }, 1);
  await apply(trapLine, 0, 'workplaceAdmin', undefined, 10);
  const grace = await apply(packing, 0, 'workplaceAdmin', undefined, 25);
  await apply(packing, 1, 'contentAdmin', undefined, 1);

  // The charity accepted Wiremu; Grace's shift last month was accepted and completed (its hours reach the site stats).
  await applications.update(wiremu.application, ['Applied'], { status: 'Accepted', updatedAt: seed.now.toISOString() });
  await applications.update(grace.application, ['Applied'], { status: 'Accepted', updatedAt: seed.now.toISOString() });
  const completedAt = new Date(seed.now.getTime() - 19 * DAY).toISOString();
  await applications.update({ ...grace.application, revision: 2 }, ['Accepted'], {
    status: 'Completed',
    hours: creditedHours(grace.application, [], 3),
    completedBy: 'Charity',
    completedAt,
    updatedAt: completedAt,
  });
  return { opportunities: all.length, applications: applied, templates: OPPORTUNITY_TEMPLATES.length };
}
