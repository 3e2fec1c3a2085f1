import { Panel, ScreenHeader } from '../../../components/ui/panel';
import styles from './user-area.module.css';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/user/help — questions donors ask, and who to ask. */
export function UserHelp() {
  return (
    <div className={styles.stack}>
      <ScreenHeader title="Help" description="Answers to common questions about your account." />
      <Panel>
        <div className={styles.help}>
          <h3>Your account</h3>
          <ul>
            <li>Change your name in Settings. Your e-mail is how you sign in, so it stays the same.</li>
            <li>When a charity or your workplace invites you, the invitation shows on your dashboard. Accept it to join.</li>
          </ul>
          <h3>Badges</h3>
          <ul>
            <li>You earn badges as your completed donations add up. We e-mail you when you earn one.</li>
          </ul>
          <h3>Contact us</h3>
          <p>
            Need a receipt re-sent, or something isn’t right? E-mail <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a> and we’ll get back to you within two working
            days.
          </p>
        </div>
      </Panel>
    </div>
  );
}
