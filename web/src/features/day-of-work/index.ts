export { signedInSections, type SignedInSectionProps } from './page/signed-in-sections';
export { returnToPath } from './page/return-to';
