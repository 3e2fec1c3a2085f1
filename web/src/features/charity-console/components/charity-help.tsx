import { Panel, ScreenHeader } from '../../../components/ui/panel';
import styles from './charity-console.module.css';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/charity/:charityId/help — how the console works and who to ask. */
export function CharityHelp() {
  return (
    <div className={styles.stack}>
      <ScreenHeader title="Help" description="How to run your charity on Koha." />
      <Panel>
        <div className={styles.help}>
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
          <h3>Contact us</h3>
          <p>
            Something not working, or a question we haven’t answered? E-mail <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a> and we’ll get back to you within
            two working days.
          </p>
        </div>
      </Panel>
    </div>
  );
}
