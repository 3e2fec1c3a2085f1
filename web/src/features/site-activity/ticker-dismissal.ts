/** The ticker stays closed for the browser session once dismissed (spec §4). */
const DISMISSED_KEY = 'koha.ticker.dismissed';

export const tickerWasDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

export const rememberTickerDismissed = () => {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: it stays closed until the page reloads.
  }
};
