import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { Card, CardBody, CardLink } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { paths } from '../../../lib/paths';
import { PREVIEW_DESCRIPTION_LENGTH, PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { Causes } from './causes';
import styles from './charity-card.module.css';

export function CharityCard({ charity, country }: { charity: CharityProfile; country: CountryCode }) {
  return (
    <Card interactive>
      <CardBody>
        <div className={styles.top}>
          {charity.logoImageUrl ? <img className={styles.logo} src={charity.logoImageUrl} alt="" width={56} height={56} loading="lazy" /> : null}
          <Heading className={styles.name}>
            <CardLink to={paths.charity(country, charity.charityUrl)}>{truncate(charity.name, PREVIEW_TITLE_LENGTH)}</CardLink>
          </Heading>
        </div>
        <Causes causes={charity.causes} />
        <p className={styles.description}>{truncate(charity.description, PREVIEW_DESCRIPTION_LENGTH)}</p>
      </CardBody>
    </Card>
  );
}
