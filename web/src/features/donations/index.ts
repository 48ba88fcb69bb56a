/** The donation form the crowdfunding page loads when it is shown. */
export { default as DonationForm } from './DonationForm';
