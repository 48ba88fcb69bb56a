export { signedInSections, type SignedInSectionProps } from './page/signed-in-sections';
