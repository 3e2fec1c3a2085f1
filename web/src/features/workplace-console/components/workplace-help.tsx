import { HelpScreen } from '../../../components/ui/console-page';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/workplace/:workplaceId/help — how workplace giving is run and who to ask. */
export function WorkplaceHelp() {
  return (
    <HelpScreen description="How to run workplace giving on Koha." email={HELP_EMAIL} contactLead="Questions about payroll giving, matching or anything else?">
      <h3>Your people</h3>
      <ul>
        <li>Invite people from Invited members. They join when they sign in with the invited address and accept.</li>
        <li>Set each member’s employment type and business unit in Members. Only permanent employees can have donations matched.</li>
        <li>Corporate members run the workplace: admins manage everything, content admins edit your pages.</li>
      </ul>
      <h3>Your charities</h3>
      <ul>
        <li>Choose the charities your people can give to from the charities listed in your country.</li>
      </ul>
    </HelpScreen>
  );
}
