import type { CharitySearchDocument } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { Card, CardBody, CardLink } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { charityItemPath } from '../../../lib/search-items';
import { PREVIEW_DESCRIPTION_LENGTH, PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { Causes } from './causes';
import styles from './charity-card.module.css';

/** A charity of the charities index: logo, name (50), causes and description (80). */
export function CharityCard({ charity, country }: { charity: CharitySearchDocument; country: CountryCode }) {
  return (
    <Card interactive>
      <CardBody>
        <div className={styles.top}>
          {charity.image ? <img className={styles.logo} src={charity.image} alt="" width={56} height={56} loading="lazy" /> : null}
          <Heading className={styles.name}>
            <CardLink to={charityItemPath(country, charity)}>{truncate(charity.title, PREVIEW_TITLE_LENGTH)}</CardLink>
          </Heading>
        </div>
        <Causes causes={charity.causes} />
        <p className={styles.description}>{truncate(charity.description, PREVIEW_DESCRIPTION_LENGTH)}</p>
      </CardBody>
    </Card>
  );
}
