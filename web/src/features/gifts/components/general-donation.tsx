import { useState } from 'react';
import type { CountryCode } from '@giving/shared/countries';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { GENERAL_DONATION_ANCHOR, paths } from '../../../lib/paths';
import styles from './gift-details.module.css';

/**
 * Spec §2 "Gift page": 'Or Donate Amount of Your Choice' leads to the charity's page, at its general donation form;
 * the button shows loading once clicked.
 */
export function GeneralDonation({ charityUrl, country }: { charityUrl: string; country: CountryCode }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <section className={styles.general} aria-labelledby="general-donation">
      <h2 id="general-donation">Or Donate Amount of Your Choice</h2>
      <Button
        variant="secondary"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void navigate({ pathname: paths.charity(country, charityUrl), hash: GENERAL_DONATION_ANCHOR });
        }}
      >
        Give a General Donation
      </Button>
    </section>
  );
}
