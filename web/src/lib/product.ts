/** The product's name as donors see it. */
export const PRODUCT_NAME = 'Koha';
