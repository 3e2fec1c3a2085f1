export { PLATFORM_ACCOUNT, startCardGateway, type CardGatewayOptions, type RunningCardGateway } from './server';
export { validateCard, cardBrand, type CardBrand, type CardErrors, type CardField, type CardInput } from './validation';
export { encryptCardField, encryptedCardBody, encryptedCardToken, encryptionKeyOf, type CardDetails } from './client-encryption';
