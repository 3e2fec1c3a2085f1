import { HelpScreen } from '../../../components/ui/console-page';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/user/help — questions donors ask, and who to ask. */
export function UserHelp() {
  return (
    <HelpScreen description="Answers to common questions about your account." email={HELP_EMAIL} contactLead="Need a receipt re-sent, or something isn’t right?">
      <h3>Your account</h3>
      <ul>
        <li>Change your name in Settings. Your e-mail is how you sign in, so it stays the same.</li>
        <li>When a charity or your workplace invites you, the invitation shows on your dashboard. Accept it to join.</li>
      </ul>
      <h3>Badges</h3>
      <ul>
        <li>You earn badges as your completed donations add up. We e-mail you when you earn one.</li>
      </ul>
    </HelpScreen>
  );
}
