import { HelpScreen } from '../../../components/ui/console-page';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/charity/:charityId/help — how the console works and who to ask. */
export function CharityHelp() {
  return (
    <HelpScreen description="How to run your charity on Koha." email={HELP_EMAIL} contactLead="Something not working, or a question we haven’t answered?">
      <h3>Your team</h3>
      <ul>
        <li>Invite people from Invited members. They get an e-mail and join when they sign in with that address and accept.</li>
        <li>Admins can invite and remove members and change the profile; members can see the dashboard and the team.</li>
        <li>A charity always keeps at least one admin, so the last admin cannot be removed.</li>
      </ul>
      <h3>Your profile</h3>
      <ul>
        <li>Edit your description, website, location and causes in Settings.</li>
        <li>Changes are checked by the Koha team first; your page shows them once they are approved.</li>
      </ul>
    </HelpScreen>
  );
}
