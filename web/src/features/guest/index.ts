/** The guest form the home page carries (its own page lives under pages/). */
export { QuickGuestForm } from './QuickGuestForm';
