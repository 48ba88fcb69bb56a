/** The back-end services in alphabetical order: the names a product-wide health answer must list. */
export const SERVICE_NAMES = ['application', 'auth', 'notification', 'payment', 'rating', 'vacancy'];
