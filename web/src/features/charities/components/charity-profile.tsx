import type { CharityProfile as Charity } from '@giving/shared/contracts/accounts';
import { Causes } from './causes';
import styles from './charity-profile.module.css';

/** The top of a charity's page: banner, logo, name, causes, description, website and location. */
export function CharityProfile({ charity }: { charity: Charity }) {
  const website = safeWebsite(charity.website);
  return (
    <section className={styles.profile} aria-labelledby="charity-name">
      {charity.bannerImageUrl ? <img className={styles.banner} src={charity.bannerImageUrl} alt="" /> : null}
      <div className={styles.head}>
        {charity.logoImageUrl ? <img className={styles.logo} src={charity.logoImageUrl} alt={`${charity.name} logo`} width={96} height={96} /> : null}
        <div className={styles.titles}>
          <h1 id="charity-name">{charity.name}</h1>
          <Causes causes={charity.causes} />
        </div>
      </div>
      <p className={styles.description}>{charity.description}</p>
      {website || charity.location ? (
        <dl className={styles.facts}>
          {website ? (
            <div className={styles.fact}>
              <dt>Website</dt>
              <dd>
                <a href={website.href} target="_blank" rel="noopener noreferrer">
                  {website.label}
                </a>
              </dd>
            </div>
          ) : null}
          {charity.location ? (
            <div className={styles.fact}>
              <dt>Location</dt>
              <dd>{charity.location}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

/** Only http(s) links are rendered, so a stored 'javascript:' URL can never run. */
function safeWebsite(raw: string | undefined): { href: string; label: string } | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return { href: url.href, label: url.host.replace(/^www\./, '') + (url.pathname === '/' ? '' : url.pathname) };
  } catch {
    return undefined;
  }
}
