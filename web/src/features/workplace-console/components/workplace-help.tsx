import { Panel, ScreenHeader } from '../../../components/ui/panel';
import styles from './workplace-console.module.css';

export const HELP_EMAIL = 'help@koha.nz';

/** /admin/workplace/:workplaceId/help — how workplace giving is run and who to ask. */
export function WorkplaceHelp() {
  return (
    <div className={styles.stack}>
      <ScreenHeader title="Help" description="How to run workplace giving on Koha." />
      <Panel>
        <div className={styles.help}>
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
          <h3>Contact us</h3>
          <p>
            Questions about payroll giving, matching or anything else? E-mail <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a> and we’ll get back to you within two
            working days.
          </p>
        </div>
      </Panel>
    </div>
  );
}
