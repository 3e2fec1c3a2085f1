import { describe, expect, it } from 'vitest';
import { anApplication } from './testing';
import { applicationsCsv } from './applications-csv';
import { volunteeringReport } from './report';

const at = (startsAt: string) => ({ id: 's', startsAt, endsAt: startsAt, sessionTotalHours: 4 });

describe('the charity volunteering report', () => {
  const apps = [
    anApplication({ id: '1', status: 'Completed', seats: 3, applicationType: 'Team', teamName: 'Dune Raiders', hours: { hoursPerPerson: 4, volunteers: 3, totalHours: 12 }, session: at('2030-01-10T20:00:00Z') }),
    anApplication({ id: '2', status: 'BothFeedbacksGiven', hours: { hoursPerPerson: 4, volunteers: 1, totalHours: 4 }, session: at('2030-03-31T12:00:00Z') }),
    anApplication({ id: '3', status: 'Applied', opportunity: { id: 'o2', title: 'Phone buddy', opportunityUrl: 'phone-buddy', imageUrl: '' } }),
    anApplication({ id: '4', status: 'Declined', seats: 2 }),
  ];

  it('counts applications, people still in, completed ones and hours, per role (most hours first)', () => {
    const report = volunteeringReport(apps);
    expect(report.totals).toEqual({ applications: 4, volunteers: 5, completed: 2, hours: 16 });
    expect(report.roles.map((role) => [role.title, role.applications, role.volunteers, role.hours])).toEqual([
      ['Beach clean-up crew', 3, 4, 16],
      ['Phone buddy', 1, 1, 0],
    ]);
  });

  it('sums hours by the month the session was in, in the charity’s time zone, with empty months between', () => {
    // 31 March 12:00 UTC is 1 April in Wellington.
    expect(volunteeringReport(apps).hoursByMonth).toEqual([
      { month: '2030-01', hours: 12 },
      { month: '2030-02', hours: 0 },
      { month: '2030-03', hours: 0 },
      { month: '2030-04', hours: 4 },
    ]);
    expect(volunteeringReport([]).hoursByMonth).toEqual([]);
  });

  it('writes the applications as CSV, quoting commas and neutralising formulas', () => {
    const csv = applicationsCsv([apps[0] as never, anApplication({ opportunity: { id: 'o', title: '=HYPERLINK("x")', opportunityUrl: 'x', imageUrl: '' }, teamName: 'A, B' })]);
    expect(csv.split('\r\n')).toEqual([
      'Session date,Role,Volunteer,E-mail,Applied as,Team,Places,Status,Hours',
      '2030-01-11,Beach clean-up crew,Aroha Ngata,aroha@example.co.nz,Team,Dune Raiders,3,Completed,12',
      `2030-03-10,"'=HYPERLINK(""x"")",Aroha Ngata,aroha@example.co.nz,Individual,"A, B",1,Applied,`,
      '',
    ]);
  });

  it('quotes a line break in a field and neutralises a formula that needs no quotes without quoting it', () => {
    // Until 2026-11-26 this file quoted every neutralised field ("'-Dune Raiders-"); a spreadsheet reads both the same.
    const csv = applicationsCsv([anApplication({ teamName: '-Dune Raiders-' }), anApplication({ teamName: '@kiwi\nteam' })]);
    expect(csv).toBe(
      'Session date,Role,Volunteer,E-mail,Applied as,Team,Places,Status,Hours\r\n' +
        "2030-03-10,Beach clean-up crew,Aroha Ngata,aroha@example.co.nz,Individual,'-Dune Raiders-,1,Applied,\r\n" +
        `2030-03-10,Beach clean-up crew,Aroha Ngata,aroha@example.co.nz,Individual,"'@kiwi\nteam",1,Applied,\r\n`,
    );
  });

  it('across charities, gives a line per charity and names each CSV row’s charity', () => {
    const other = { id: 'c2', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank', logoImageUrl: '' };
    const report = volunteeringReport([...apps, anApplication({ id: '5', charity: other, hours: { hoursPerPerson: 2, volunteers: 1, totalHours: 2 }, status: 'Completed' })]);
    expect(report.charities.map((line) => [line.name, line.applications, line.hours])).toEqual([
      ['Kiwi Coast Rescue', 4, 16],
      ['Harbour City Food Bank', 1, 2],
    ]);
    const csv = applicationsCsv([anApplication({ charity: other })], { withCharity: true }).split('\r\n');
    expect(csv[0]).toBe('Session date,Charity,Role,Volunteer,E-mail,Applied as,Team,Places,Status,Hours');
    expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},Harbour City Food Bank,Beach clean-up crew,/);
  });

  it('dates each row in its own charity’s country (one rule for every file), also across countries', () => {
    const sydney = { ...anApplication({ id: '6' }), country: 'au' as const, session: at('2030-03-31T13:30:00Z') };
    const wellington = { ...anApplication({ id: '7' }), session: at('2030-03-31T13:30:00Z') };
    // 13:30 UTC on 31 March is 00:30 on 1 April in Sydney (AEDT, +11) and 02:30 on 1 April in Wellington (NZDT, +13).
    const rows = applicationsCsv([sydney, wellington, { ...wellington, id: '8', session: at('2030-03-31T10:30:00Z') }], { withCharity: true }).split('\r\n');
    expect(rows.slice(1, 4).map((row) => row.split(',')[0])).toEqual(['2030-04-01', '2030-04-01', '2030-03-31']);
    const au = { ...sydney, status: 'Completed' as const, hours: { hoursPerPerson: 2, volunteers: 1, totalHours: 2 }, session: at('2030-03-31T12:30:00Z') };
    // 12:30 UTC is 23:30 on 31 March in Sydney but 01:30 on 1 April in Wellington: each in its own month.
    const nz = { ...au, id: '9', country: 'nz' as const };
    expect(volunteeringReport([au, nz]).hoursByMonth).toEqual([
      { month: '2030-03', hours: 2 },
      { month: '2030-04', hours: 2 },
    ]);
  });
});

